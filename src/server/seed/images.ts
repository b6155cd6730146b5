import { sharp } from '#server/lib/image-library';
import type { SeedImageDescriptor, SeedMotif, SeedPalette } from './content/types';

/**
 * Draws the demo pictures: a gradient in the category's colours, a simple line drawing of the
 * subcategory and the title. Everything is vector, so nothing is downloaded and the output is
 * the same on every machine (fonts aside).
 */

const SIZES = { listing: { width: 1200, height: 800 }, blog: { width: 1200, height: 630 } } as const;

interface Palette {
  /** Gradient start and end pairs; the variant and the title pick one. */
  gradients: readonly (readonly [string, string])[];
  accent: string;
}

const PALETTES: Record<SeedPalette, Palette> = {
  product: {
    gradients: [
      ['#0f766e', '#2dd4bf'],
      ['#115e59', '#0ea5e9'],
      ['#134e4a', '#14b8a6'],
      ['#0e7490', '#34d399'],
    ],
    accent: '#fde68a',
  },
  property: {
    gradients: [
      ['#1e3a8a', '#3b82f6'],
      ['#1e40af', '#38bdf8'],
      ['#312e81', '#6366f1'],
      ['#0c4a6e', '#60a5fa'],
    ],
    accent: '#fbbf24',
  },
  business: {
    gradients: [
      ['#9a3412', '#f97316'],
      ['#7c2d12', '#f59e0b'],
      ['#991b1b', '#fb923c'],
      ['#92400e', '#facc15'],
    ],
    accent: '#fef3c7',
  },
  visa: {
    gradients: [
      ['#4c1d95', '#8b5cf6'],
      ['#581c87', '#d946ef'],
      ['#1e1b4b', '#7c3aed'],
      ['#0c4a6e', '#a78bfa'],
    ],
    accent: '#fde68a',
  },
  blog: {
    gradients: [
      ['#064e3b', '#10b981'],
      ['#0f172a', '#0d9488'],
      ['#14532d', '#65a30d'],
      ['#1e293b', '#059669'],
    ],
    accent: '#a7f3d0',
  },
};

const FONT = "'DejaVu Sans', 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";
const line = (width = 12) =>
  `fill="none" stroke="#ffffff" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const SOFT = 'fill="#ffffff" fill-opacity="0.16"';

/** Each motif is drawn in a 400x400 box; a stays for the palette's accent colour. */
const MOTIFS: Record<SeedMotif, (a: string) => string> = {
  phone: (a) => `
    <rect x="120" y="25" width="160" height="350" rx="30" ${SOFT}/>
    <rect x="138" y="70" width="124" height="250" rx="8" fill="${a}" fill-opacity="0.45"/>
    <rect x="120" y="25" width="160" height="350" rx="30" ${line()}/>
    <path d="M178 48 H222" ${line()}/><circle cx="200" cy="347" r="11" fill="#ffffff"/>`,
  'phone-case': (a) => `
    <rect x="112" y="25" width="176" height="350" rx="44" fill="${a}" fill-opacity="0.5"/>
    <rect x="112" y="25" width="176" height="350" rx="44" ${line()}/>
    <rect x="138" y="52" width="78" height="78" rx="20" ${SOFT}/>
    <rect x="138" y="52" width="78" height="78" rx="20" ${line(8)}/>
    <circle cx="160" cy="76" r="11" fill="#ffffff"/><circle cx="192" cy="106" r="11" fill="#ffffff"/>
    <circle cx="200" cy="250" r="30" ${line(8)} stroke-opacity="0.7"/>`,
  laptop: (a) => `
    <rect x="70" y="80" width="260" height="180" rx="14" ${SOFT}/>
    <rect x="92" y="102" width="216" height="136" rx="4" fill="${a}" fill-opacity="0.45"/>
    <rect x="70" y="80" width="260" height="180" rx="14" ${line()}/>
    <path d="M30 290 H370 L350 322 H50 Z" ${SOFT}/><path d="M30 290 H370 L350 322 H50 Z" ${line()}/>`,
  tv: (a) => `
    <rect x="25" y="60" width="350" height="230" rx="14" ${SOFT}/>
    <rect x="45" y="80" width="310" height="190" rx="4" fill="${a}" fill-opacity="0.4"/>
    <rect x="25" y="60" width="350" height="230" rx="14" ${line()}/>
    <path d="M170 290 L150 345 M230 290 L250 345 M110 345 H290" ${line()}/>`,
  speaker: (a) => `
    <rect x="60" y="120" width="280" height="170" rx="85" ${SOFT}/>
    <rect x="60" y="120" width="280" height="170" rx="85" ${line()}/>
    <circle cx="145" cy="205" r="45" fill="${a}" fill-opacity="0.45"/><circle cx="145" cy="205" r="45" ${line()}/>
    <circle cx="255" cy="205" r="45" fill="${a}" fill-opacity="0.45"/><circle cx="255" cy="205" r="45" ${line()}/>
    <path d="M360 160 Q385 205 360 250 M40 160 Q15 205 40 250" ${line(8)}/>`,
  camera: (a) => `
    <rect x="40" y="120" width="320" height="210" rx="26" ${SOFT}/>
    <path d="M140 120 L160 80 H240 L260 120" ${line()}/>
    <rect x="40" y="120" width="320" height="210" rx="26" ${line()}/>
    <circle cx="200" cy="225" r="72" fill="${a}" fill-opacity="0.4"/><circle cx="200" cy="225" r="72" ${line()}/>
    <circle cx="200" cy="225" r="36" ${line(8)}/><circle cx="310" cy="160" r="10" fill="#ffffff"/>`,
  headphones: (a) => `
    <path d="M85 250 V205 A115 115 0 0 1 315 205 V250" ${line()}/>
    <rect x="60" y="225" width="70" height="120" rx="30" fill="${a}" fill-opacity="0.5"/>
    <rect x="270" y="225" width="70" height="120" rx="30" fill="${a}" fill-opacity="0.5"/>
    <rect x="60" y="225" width="70" height="120" rx="30" ${line()}/>
    <rect x="270" y="225" width="70" height="120" rx="30" ${line()}/>`,
  watch: (a) => `
    <rect x="158" y="20" width="84" height="360" rx="22" ${SOFT}/>
    <circle cx="200" cy="200" r="100" fill="${a}" fill-opacity="0.45"/>
    <circle cx="200" cy="200" r="100" ${line()}/>
    <path d="M200 200 V135 M200 200 L245 225" ${line()}/><circle cx="200" cy="200" r="10" fill="#ffffff"/>`,
  handbag: (a) => `
    <path d="M140 160 Q140 80 200 80 Q260 80 260 160" ${line()}/>
    <path d="M75 160 H325 L300 350 H100 Z" fill="${a}" fill-opacity="0.45"/>
    <path d="M75 160 H325 L300 350 H100 Z" ${line()}/>
    <path d="M90 220 H310" ${line(8)}/><rect x="180" y="205" width="40" height="34" rx="6" fill="#ffffff"/>`,
  dress: (a) => `
    <path d="M160 50 Q200 90 240 50 L310 95 L280 150 L262 138 L305 355 Q200 380 95 355 L138 138 L120 150 L90 95 Z"
      fill="${a}" fill-opacity="0.45"/>
    <path d="M160 50 Q200 90 240 50 L310 95 L280 150 L262 138 L305 355 Q200 380 95 355 L138 138 L120 150 L90 95 Z"
      ${line()}/>
    <path d="M140 200 Q200 225 260 200 M128 265 Q200 292 272 265" ${line(7)} stroke-dasharray="2 18"/>`,
  apartment: (a) => `
    <rect x="105" y="30" width="190" height="345" rx="8" ${SOFT}/>
    ${grid(128, 62, 3, 6, 38, 26, 54, 40, a)}
    <rect x="105" y="30" width="190" height="345" rx="8" ${line()}/>
    <path d="M180 375 V325 H220 V375 M40 375 H360" ${line()}/>`,
  house: (a) => `
    <path d="M90 190 V360 H310 V190" ${SOFT}/>
    <path d="M45 205 L200 70 L355 205" ${line()}/>
    <path d="M90 190 V360 H310 V190" ${line()}/>
    <rect x="120" y="220" width="60" height="55" rx="4" fill="${a}" fill-opacity="0.7"/>
    <path d="M220 360 V265 H275 V360" ${line()}/><path d="M270 110 V75 H300 V135" ${line()}/>`,
  shop: (a) => `
    <rect x="60" y="160" width="280" height="200" ${SOFT}/>
    <rect x="75" y="50" width="250" height="62" rx="8" fill="${a}" fill-opacity="0.8"/>
    <path d="M45 120 H355 L340 170 Q320 190 300 170 Q280 190 260 170 Q240 190 220 170 Q200 190 180 170
      Q160 190 140 170 Q120 190 100 170 Q80 190 60 170 Z" fill="#ffffff" fill-opacity="0.35"/>
    <path d="M45 120 H355 L340 170 Q320 190 300 170 Q280 190 260 170 Q240 190 220 170 Q200 190 180 170
      Q160 190 140 170 Q120 190 100 170 Q80 190 60 170 Z" ${line(8)}/>
    <path d="M60 180 V360 H340 V180" ${line()}/>
    <rect x="90" y="220" width="110" height="80" rx="4" ${line(8)}/>
    <path d="M240 360 V220 H305 V360" ${line()}/>`,
  office: (a) => `
    <rect x="55" y="120" width="130" height="255" ${SOFT}/><rect x="205" y="40" width="140" height="335" ${SOFT}/>
    ${grid(75, 145, 3, 5, 26, 26, 36, 44, a)}
    ${grid(225, 65, 3, 7, 28, 26, 38, 42, a)}
    <rect x="55" y="120" width="130" height="255" ${line()}/><rect x="205" y="40" width="140" height="335" ${line()}/>
    <path d="M25 375 H375" ${line()}/>`,
  warehouse: (a) => `
    <path d="M40 170 L200 80 L360 170 V360 H40 Z" ${SOFT}/>
    <path d="M40 170 L200 80 L360 170 V360 H40 Z" ${line()}/>
    <rect x="110" y="220" width="180" height="140" fill="${a}" fill-opacity="0.45"/>
    <path d="M110 360 V220 H290 V360 M110 255 H290 M110 290 H290 M110 325 H290" ${line(8)}/>`,
  land: (a) => `
    <path d="M20 300 Q110 200 200 260 Q290 200 380 280 V370 H20 Z" fill="${a}" fill-opacity="0.4"/>
    <path d="M20 300 Q110 200 200 260 Q290 200 380 280" ${line()}/>
    <path d="M40 370 V320 M100 370 V320 M160 370 V320 M220 370 V320 M280 370 V320 M340 370 V320 M25 340 H355"
      ${line(9)}/>
    <path d="M270 180 C270 125 330 125 330 180 C330 215 300 240 300 260 C300 240 270 215 270 180 Z" ${SOFT}/>
    <path d="M270 180 C270 125 330 125 330 180 C330 215 300 240 300 260 C300 240 270 215 270 180 Z" ${line()}/>
    <circle cx="300" cy="178" r="12" fill="#ffffff"/><circle cx="90" cy="90" r="38" fill="${a}" fill-opacity="0.8"/>`,
  restaurant: (a) => `
    <circle cx="205" cy="210" r="120" ${SOFT}/>
    <circle cx="205" cy="210" r="120" ${line()}/>
    <circle cx="205" cy="210" r="72" fill="${a}" fill-opacity="0.45"/><circle cx="205" cy="210" r="72" ${line()}/>
    <path d="M45 70 V150 Q45 175 62 175 V350 M30 70 V140 M62 70 V140 M94 70 V140" ${line(9)}/>
    <path d="M358 350 V70 Q390 130 380 210 H358" ${line(9)}/>`,
  cart: (a) => `
    <path d="M105 130 H355 L325 265 H135 Z" fill="${a}" fill-opacity="0.45"/>
    <path d="M30 80 H85 L135 265 H325 L355 130 H105" ${line()}/>
    <path d="M140 300 H330" ${line(8)}/>
    <circle cx="160" cy="335" r="24" ${line()}/><circle cx="305" cy="335" r="24" ${line()}/>
    <path d="M170 175 H305 M180 220 H295" ${line(7)}/>`,
  gear: (a) => `
    ${teeth(200, 200, 125, 8)}
    <circle cx="200" cy="200" r="120" fill="${a}" fill-opacity="0.4"/>
    <circle cx="200" cy="200" r="120" ${line()}/>
    <circle cx="200" cy="200" r="50" ${line()}/>`,
  factory: (a) => `
    <path d="M35 370 V200 L115 250 V200 L195 250 V200 L275 250 V80 H345 V370 Z" ${SOFT}/>
    <path d="M35 370 V200 L115 250 V200 L195 250 V200 L275 250 V80 H345 V370 Z" ${line()}/>
    ${grid(65, 290, 4, 1, 32, 32, 52, 0, a)}
    <circle cx="320" cy="45" r="18" ${SOFT}/><circle cx="355" cy="22" r="13" ${SOFT}/>`,
  boxes: (a) => `
    ${box(55, 230, 135, a)}${box(210, 230, 135, a)}${box(132, 95, 135, a)}
    <path d="M20 370 H380" ${line()}/>`,
  plane: (a) => `
    <circle cx="200" cy="200" r="170" fill="${a}" fill-opacity="0.18"/>
    <g transform="rotate(45 200 200)">
      <path d="M200 25 C216 25 224 48 224 70 V160 L365 235 V265 L224 228 V312 L266 342 V365 L200 348 L134 365
        V342 L176 312 V228 L35 265 V235 L176 160 V70 C176 48 184 25 200 25 Z" fill="#ffffff" fill-opacity="0.9"/>
    </g>`,
  passport: (a) => `
    <rect x="95" y="30" width="210" height="320" rx="18" fill="${a}" fill-opacity="0.35"/>
    <rect x="95" y="30" width="210" height="320" rx="18" ${line()}/>
    <circle cx="200" cy="150" r="58" ${line(9)}/>
    <ellipse cx="200" cy="150" rx="26" ry="58" ${line(7)}/>
    <path d="M142 150 H258" ${line(7)}/>
    <path d="M140 250 H260 M160 290 H240" ${line(10)}/>`,
  graduation: (a) => `
    <path d="M200 75 L375 150 L200 225 L25 150 Z" fill="${a}" fill-opacity="0.45"/>
    <path d="M200 75 L375 150 L200 225 L25 150 Z" ${line()}/>
    <path d="M95 185 V280 Q200 335 305 280 V185" ${SOFT}/>
    <path d="M95 185 V280 Q200 335 305 280 V185" ${line()}/>
    <path d="M375 150 V265" ${line(8)}/><circle cx="375" cy="275" r="16" fill="#ffffff"/>`,
  briefcase: (a) => `
    <path d="M150 130 V95 Q150 80 165 80 H235 Q250 80 250 95 V130" ${line()}/>
    <rect x="45" y="130" width="310" height="220" rx="22" fill="${a}" fill-opacity="0.4"/>
    <rect x="45" y="130" width="310" height="220" rx="22" ${line()}/>
    <path d="M45 215 H355" ${line(9)}/><rect x="180" y="198" width="40" height="36" rx="6" fill="#ffffff"/>`,
  globe: (a) => `
    <circle cx="200" cy="200" r="140" fill="${a}" fill-opacity="0.3"/>
    <circle cx="200" cy="200" r="140" ${line()}/>
    <ellipse cx="200" cy="200" rx="62" ry="140" ${line(8)}/>
    <path d="M60 200 H340 M82 130 H318 M82 270 H318" ${line(8)}/>
    <path d="M30 120 Q200 -10 370 120" ${line(6)} stroke-dasharray="4 22"/>`,
  family: (a) => `
    <circle cx="125" cy="120" r="48" fill="#ffffff" fill-opacity="0.9"/>
    <circle cx="275" cy="120" r="48" fill="#ffffff" fill-opacity="0.9"/>
    <path d="M50 360 V270 Q50 190 125 190 Q178 190 193 232" ${line()}/>
    <path d="M207 232 Q222 190 275 190 Q350 190 350 270 V360" ${line()}/>
    <circle cx="200" cy="262" r="30" fill="${a}"/>
    <path d="M152 360 V338 Q152 300 200 300 Q248 300 248 338 V360 Z" fill="${a}"/>`,
  chart: (a) => `
    <path d="M40 40 V360 H370" ${line()}/>
    <rect x="80" y="250" width="50" height="110" rx="6" fill="${a}" fill-opacity="0.6"/>
    <rect x="160" y="200" width="50" height="160" rx="6" fill="${a}" fill-opacity="0.7"/>
    <rect x="240" y="140" width="50" height="220" rx="6" fill="${a}" fill-opacity="0.8"/>
    <path d="M75 200 L160 140 L225 170 L345 60" ${line()}/><path d="M300 60 H345 V105" ${line()}/>`,
  megaphone: (a) => `
    <path d="M70 165 L270 80 V320 L70 235 Z" fill="${a}" fill-opacity="0.5"/>
    <path d="M70 165 L270 80 V320 L70 235 Z" ${line()}/>
    <rect x="30" y="160" width="45" height="80" rx="10" ${line()}/>
    <path d="M110 250 L135 335 H175 L160 265" ${line()}/>
    <path d="M310 150 Q335 200 310 250 M340 115 Q385 200 340 285" ${line(9)}/>`,
  coins: (a) => `
    ${stack(80, 300, 6, a)}${stack(200, 330, 9, a)}
    <circle cx="300" cy="140" r="72" fill="${a}" fill-opacity="0.55"/><circle cx="300" cy="140" r="72" ${line()}/>
    <circle cx="300" cy="140" r="44" ${line(7)}/>`,
};

/** A cols x rows block of lit windows, every third one dark so it does not look printed. */
function grid(
  x: number,
  y: number,
  cols: number,
  rows: number,
  w: number,
  h: number,
  dx: number,
  dy: number,
  a: string,
): string {
  let out = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const lit = (r * cols + c) % 3 !== 1;
      out += `<rect x="${x + c * dx}" y="${y + r * dy}" width="${w}" height="${h}" rx="3" fill="${lit ? a : '#ffffff'}"
        fill-opacity="${lit ? 0.85 : 0.3}"/>`;
    }
  }
  return out;
}

function teeth(cx: number, cy: number, r: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const angle = (360 / count) * i;
    out += `<rect x="${cx - 22}" y="${cy - r - 30}" width="44" height="50" rx="8" fill="#ffffff"
      transform="rotate(${angle} ${cx} ${cy})"/>`;
  }
  return out;
}

function box(x: number, y: number, s: number, a: string): string {
  return `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="6" fill="${a}" fill-opacity="0.5"/>
    <rect x="${x}" y="${y}" width="${s}" height="${s}" rx="6" ${line(9)}/>
    <path d="M${x + s / 2 - 18} ${y} V${y + 40} M${x + s / 2 + 18} ${y} V${y + 40}" ${line(7)}/>`;
}

function stack(cx: number, bottom: number, count: number, a: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const y = bottom - i * 24;
    out += `<ellipse cx="${cx}" cy="${y}" rx="62" ry="18" fill="${a}" fill-opacity="0.75" stroke="#ffffff"
      stroke-width="7"/>`;
  }
  return out;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * FNV-1a: stable pseudo-random numbers, so the same title always gets the same picture and a
 * re-seeded database looks the same.
 */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Approximate advance widths of DejaVu Sans Bold in em, so lines can be wrapped without measuring. */
function charWidth(c: string): number {
  if (" ijl.,:;'|!IJ".includes(c)) return 0.37;
  if ('ftr()-/'.includes(c)) return 0.48;
  if ('csz'.includes(c)) return 0.6;
  if ('mw'.includes(c)) return 1.0;
  if ('MW'.includes(c)) return 1.06;
  if ('EFLT'.includes(c)) return 0.7;
  if (c >= 'A' && c <= 'Z') return 0.8;
  return 0.7;
}

function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) em += charWidth(c);
  return em * fontSize;
}

function wrap(text: string, fontSize: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, fontSize) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest size at which the title fits in maxLines; the last line is cut with an ellipsis otherwise. */
function layoutTitle(title: string, sizes: readonly number[], maxWidth: number, maxLines: number) {
  for (const size of sizes) {
    const lines = wrap(title, size, maxWidth);
    if (lines.length <= maxLines && lines.every((l) => textWidth(l, size) <= maxWidth)) return { size, lines };
  }
  const size = sizes[sizes.length - 1] ?? 44;
  const lines = wrap(title, size, maxWidth).slice(0, maxLines);
  let last = lines[maxLines - 1] ?? '';
  while (last && textWidth(`${last}…`, size) > maxWidth) last = last.slice(0, -1);
  lines[lines.length - 1] = `${last.trimEnd()}…`;
  return { size, lines };
}

export function buildSeedSvg(descriptor: SeedImageDescriptor, title: string): string {
  const format = descriptor.format ?? 'listing';
  const { width, height } = SIZES[format];
  const palette = PALETTES[descriptor.palette];
  const seed = hash(`${title}|${descriptor.motif}`);
  const variant = descriptor.variant ?? 0;
  const [first, second] = palette.gradients[(seed + variant) % palette.gradients.length] ?? ['#333333', '#666666'];
  // Odd gallery pictures run the gradient the other way, so the pictures of one listing differ at a glance.
  const [from, to] = variant % 2 === 1 ? [second, first] : [first, second];
  const angle = [20, 35, 55, 70][((seed >>> 3) + variant) % 4] ?? 35;

  // Motif in the upper right, title along the bottom, label in the top-left corner. Gallery
  // picture 2 moves the motif to the left (and the label to the right); picture 3 zooms in on it.
  const isBlog = format === 'blog';
  const layout = isBlog ? 0 : variant % 3;
  const motifScale = isBlog ? 0.7 : layout === 2 ? 1.2 : 0.95;
  const motifX = layout === 1 ? 60 : layout === 2 ? width - 30 - 400 * motifScale : width - 60 - 400 * motifScale;
  const motifY = isBlog ? 40 : layout === 2 ? 0 : 60;
  const halo = { cx: motifX + 200 * motifScale, cy: motifY + 200 * motifScale, r: 230 * motifScale };

  const { size, lines } = layoutTitle(title, isBlog ? [64, 56, 50, 44] : [76, 68, 60, 52, 46], width - 120, 3);
  const lineHeight = Math.round(size * 1.18);
  const bottom = height - (isBlog ? 56 : 68);
  const firstBaseline = bottom - (lines.length - 1) * lineHeight;
  const titleSvg = lines
    .map((l, i) => `<tspan x="60" y="${firstBaseline + i * lineHeight}">${escapeXml(l)}</tspan>`)
    .join('');

  const label = descriptor.label?.toUpperCase();
  const chipWidth = label ? Math.round(textWidth(label, 24) * 1.05 + 56) : 0;
  const chipX = layout === 1 ? width - 60 - chipWidth : 60;
  const labelSvg = label
    ? `<rect x="${chipX}" y="52" width="${chipWidth}" height="50" rx="25" fill="#000000" fill-opacity="0.22"/>
      <text x="${chipX + 28}" y="86" font-family="${FONT}" font-size="24" font-weight="700" letter-spacing="2"
        fill="#ffffff">${escapeXml(label)}</text>`
    : '';

  // Soft circles placed from the hash give every picture a slightly different background.
  const circles = [0, 1, 2]
    .map((i) => {
      const h = hash(`${seed}:${variant}:${i}`);
      const cx = h % width;
      const cy = (h >>> 11) % height;
      const r = 120 + ((h >>> 20) % 220);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${0.05 + (i % 2) * 0.04}"/>`;
    })
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.45" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.45"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${circles}
  <circle cx="${halo.cx}" cy="${halo.cy}" r="${halo.r}" fill="#ffffff" fill-opacity="0.1"/>
  <g transform="translate(${motifX} ${motifY}) scale(${motifScale})">${MOTIFS[descriptor.motif](palette.accent)}</g>
  <rect width="${width}" height="${height}" fill="url(#shade)"/>
  ${labelSvg}
  <text font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff">${titleSvg}</text>
</svg>`;
}

/** A JPEG (quality 80) of the descriptor's picture with the title on it: 1200x800, or 1200x630 for blog posts. */
export async function renderSeedImage(descriptor: SeedImageDescriptor, title: string): Promise<Buffer> {
  return sharp(Buffer.from(buildSeedSvg(descriptor, title)))
    .jpeg({ quality: 80, mozjpeg: false })
    .toBuffer();
}
