/** The language tags of an Accept-Language header, most wanted first ('en-GB,en;q=0.8' → ['en-GB', 'en']). */
export function rankedLanguageTags(header: string | undefined): string[] {
  return String(header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && entry.tag !== '' && entry.tag !== '*')
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
