// Renders the PWA icons and the site's link-preview picture (public/og-image.png) from
// public/favicon.svg: `node scripts/generate-icons.mjs`.
// The PNGs are committed; run this again only when the favicon or the brand changes.
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = readFileSync('public/favicon.svg');
mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) {
  await sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/icon-${size}.png`);
  // Maskable: the mark inside the 80% safe zone on the brand colour.
  const inner = Math.round(size * 0.8);
  const mark = await sharp(svg, { density: Math.ceil((72 * inner) / 64) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: '#0f766e' } })
    .composite([{ input: mark, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/maskable-${size}.png`);
  // iOS ignores the manifest icons and wants an apple-touch-icon.
  if (size === 192)
    await sharp(svg, { density: 200 }).resize(180, 180).png().toFile('public/icons/apple-touch-icon.png');
}

// The picture of a shared link to a page without one of its own (Open Graph, 1200 × 630).
// The brand name only: it reads the same in English and Somali.
const mark = await sharp(svg, { density: 720 }).resize(220, 220).png().toBuffer();
const preview = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <text x="600" y="470" text-anchor="middle" fill="#ffffff" font-size="84" font-weight="700"
    font-family="DejaVu Sans, Noto Sans, Arial, sans-serif">Somali Diaspora Hub</text>
</svg>`);
await sharp(preview)
  .composite([{ input: mark, top: 110, left: 490 }])
  .png({ compressionLevel: 9, palette: true })
  .toFile('public/og-image.png');
console.log('icons written to public/icons/, link preview to public/og-image.png');

// Each category's picture for a shared listing that has no photo (public/og/<page>.jpg,
// 1200 × 630 JPEG): the brand name under a drawing of the category, no other words.
const WHITE = 'fill="none" stroke="#ffffff" stroke-width="16" stroke-linejoin="round" stroke-linecap="round"';
const CATEGORY_PICTURES = {
  marketplace: {
    colours: ['#134e4a', '#0f766e'],
    drawing: `<path ${WHITE} d="M500 190h200l30 230H470z"/><path ${WHITE} d="M545 220v-40a55 55 0 0 1 110 0v40"/>`,
  },
  'real-estate': {
    colours: ['#1e3a5f', '#1d4ed8'],
    drawing: `<path ${WHITE} d="M460 290l140-120 140 120"/><path ${WHITE} d="M490 265v155h220V265"/><path ${WHITE} d="M570 420v-80h60v80"/>`,
  },
  'business-sales': {
    colours: ['#3f2a0e', '#b45309'],
    drawing: `<path ${WHITE} d="M460 230l30-60h220l30 60z"/><path ${WHITE} d="M460 230c0 30 47 30 47 0c0 30 46 30 46 0c0 30 47 30 47 0c0 30 47 30 47 0c0 30 46 30 46 0c0 30 47 30 47 0"/><path ${WHITE} d="M485 270v150h230V270"/><path ${WHITE} d="M570 420v-80h60v80"/>`,
  },
  'visa-assistance': {
    colours: ['#3b0f3f', '#7e22ce'],
    drawing: `<rect ${WHITE} x="505" y="160" width="190" height="260" rx="18"/><circle ${WHITE} cx="600" cy="270" r="55"/><path ${WHITE} d="M545 270h110M600 215c-30 35-30 75 0 110c30-35 30-75 0-110"/><path ${WHITE} d="M550 375h100"/>`,
  },
};
mkdirSync('public/og', { recursive: true });
for (const [page, { colours, drawing }] of Object.entries(CATEGORY_PICTURES)) {
  const picture = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  ${drawing}
  <text x="600" y="530" text-anchor="middle" fill="#ffffff" font-size="72" font-weight="700"
    font-family="DejaVu Sans, Noto Sans, Arial, sans-serif">Somali Diaspora Hub</text>
</svg>`);
  await sharp(picture).jpeg({ quality: 85, mozjpeg: true }).toFile(`public/og/${page}.jpg`);
}
console.log('category link previews written to public/og/');
