export interface BuildParts {
  sources: string[];
  outputs: string[];
}
export const FULL_BUILD: BuildParts;
export const WEB_BUILD: BuildParts;
export const SERVER_BUILD: BuildParts;
export function buildState(parts?: BuildParts): 'fresh' | 'stale' | 'missing';
