// Renders the PWA icons from public/favicon.svg: `node scripts/generate-icons.mjs`.
// The PNGs are committed; run this again only when the favicon changes.
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
console.log('icons written to public/icons/');
