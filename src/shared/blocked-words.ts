/**
 * Words and phrases admins refuse in sellers' listings (docs/product.md#site-settings). A phrase
 * matches whole words only, whatever the case, accents, spacing or punctuation around and inside
 * it: a blocked "scam" refuses "SCAM!" and "a scam offer" but not "scamper"; a blocked "cheap
 * pills" refuses "Cheap   pills" and "cheap-pills".
 */

/** The words of a text as compared: lower case, accents dropped, split at anything not a letter or digit. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A matcher built once per list: whether a text holds any of the phrases. */
export function blockedWordsMatcher(phrases: readonly string[]): (text: string) => boolean {
  // Phrases by their first word: each word of a text is looked up once.
  const byFirstWord = new Map<string, string[][]>();
  for (const phrase of phrases) {
    const words = wordsOf(phrase);
    // A phrase of punctuation alone has no words to match.
    const first = words[0];
    if (first === undefined) continue;
    const list = byFirstWord.get(first) ?? [];
    list.push(words);
    byFirstWord.set(first, list);
  }
  return (text) => {
    if (byFirstWord.size === 0) return false;
    const words = wordsOf(text);
    return words.some((word, at) =>
      (byFirstWord.get(word) ?? []).some((phrase) => phrase.every((part, i) => words[at + i] === part)),
    );
  };
}
