/**
 * A value built on first use. Intl formatters take milliseconds each to build on a phone:
 * built at module load they would hold up the page's first interactive moment.
 */
export function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= create();
    return value;
  };
}
