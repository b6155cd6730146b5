/** Whether a path (without its query) belongs to the API, which every module serves under /api. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
