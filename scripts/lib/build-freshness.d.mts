export function buildState(): 'fresh' | 'stale' | 'missing';
