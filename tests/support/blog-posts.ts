import sharp from 'sharp';

/** A small JPEG the upload checks accept, for a post's cover. */
export const blogCover = () =>
  sharp({ create: { width: 120, height: 63, channels: 3, background: '#0d9488' } })
    .jpeg()
    .toBuffer();

let counter = 0;
/** A valid post as the editor sends it; each call a new title and slug. */
export function newBlogPost(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    title: `Sending money home ${counter}`,
    slug: `sending-money-home-${counter}`,
    category: 'Finance',
    excerpt: 'Compare fees and rates before you send.',
    author: 'Amina Yusuf',
    body: `## Fees\n\nCompare **three** providers.\n\n${'word '.repeat(450)}`,
    readTimeMinutes: null,
    titleSo: '',
    excerptSo: '',
    bodySo: '',
    ...overrides,
  };
}
