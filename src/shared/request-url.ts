/**
 * The absolute URL of a request path on an origin. Not `new URL(path, origin)`: a path
 * starting with `//` would be read as another host (`//marketplace` as the home page of a
 * host named "marketplace"), and an empty one throws.
 */
export function requestUrl(origin: string, path: string): URL {
  return new URL(`${origin}${path.startsWith('/') ? '' : '/'}${path}`);
}
