export const ROUTES = [
  { path: 'ask', label: 'Ask' },
  { path: 'ingestions', label: 'Ingestions' },
  { path: 'collections', label: 'Collections' },
  { path: 'schedules', label: 'Schedules' },
  { path: 'connections', label: 'Connections' },
  { path: 'keys', label: 'API keys' },
] as const;

export type AppRoute = (typeof ROUTES)[number]['path'];
export type PublicRoute = 'login' | 'signup';

const APP_PATHS = new Set<string>(ROUTES.map((r) => r.path));

/** `#/connections?x=1` → `connections`; anything unknown is null. */
export function routeOfHash(hash: string): AppRoute | PublicRoute | null {
  const path = hash.replace(/^#\/?/, '').split(/[?/]/)[0] ?? '';
  if (path === 'login' || path === 'signup') return path;
  return APP_PATHS.has(path) ? (path as AppRoute) : null;
}
