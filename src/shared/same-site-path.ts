/**
 * A path of this site to send a visitor back to, ready for a Location header: one leading
 * slash (never `//host` or `/\host`), no control characters, at most 2,000 characters, and
 * anything outside printable ASCII percent-encoded (Node refuses such a header outright).
 * Null when the value is none of that.
 */
export function sameSitePath(value: string | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || /^\/[/\\]/.test(value) || /\p{Cc}/u.test(value)) {
    return null;
  }
  try {
    return value.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));
  } catch {
    return null; // a lone surrogate: not text a browser sends
  }
}
