// `node scripts/page-chunks.mjs` after `npm run build`: the JavaScript each page type loads first
// (the entry, the app, the page's module and their static imports, as the server preloads them,
// plus the texts of the page's language), file by file, gzipped at level 9 as the audit
// weighs it. What the table in decision 0099 is made of.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = process.env.WEB_DIST ?? 'dist/web';
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));
const PAGES = {
  home: 'features/home/home-page.tsx',
  about: 'features/about/about-page.tsx',
  category: 'features/listings/pages/marketplace-page.tsx',
  listing: 'features/listings/pages/listing-detail-page.tsx',
  blog: 'features/blog/blog-page.tsx',
  post: 'features/blog/blog-post-page.tsx',
  contact: 'features/contact/contact-page.tsx',
  sell: 'features/sell/sell-page.tsx',
};
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
// Each language's texts, when they are a chunk of their own.
const messagesKey = (lang) =>
  Object.keys(manifest).find((key) => key.endsWith(`${lang === 'en' ? 'english' : 'somali'}-messages.ts`));
const kb = (file) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024;

function closure(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (!manifest[key] || seen.has(key)) return;
    seen.add(key);
    for (const dependency of manifest[key].imports ?? []) walk(dependency);
  };
  for (const key of keys) walk(key);
  return [...seen].map((key) => manifest[key].file);
}

const sizes = new Map();
for (const [type, page] of Object.entries(PAGES)) {
  for (const lang of ['en', 'so']) {
    const keys = [entryKey, 'app/start.tsx', page, messagesKey(lang)];
    const files = closure(keys.filter((key) => manifest[key]));
    const total = files.reduce((sum, file) => sum + kb(file), 0);
    for (const file of files) sizes.set(file, kb(file));
    console.log(`${`${type} (${lang})`.padEnd(16)} ${total.toFixed(1).padStart(6)} KB  ${files.length} files`);
  }
}
console.log('\nFiles loaded by any of these pages, KB gzip:');
for (const [file, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
  console.log(`${size.toFixed(1).padStart(7)}  ${file}`);
}
