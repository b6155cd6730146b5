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
