/** LIKE treats % and _ as wildcards; a visitor's text must match literally. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
