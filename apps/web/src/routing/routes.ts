import { hashParam } from './hash-query';

export const ROUTES = [
  { path: 'ask', label: 'Ask' },
  { path: 'ingestions', label: 'Ingestions' },
  { path: 'collections', label: 'Collections' },
  { path: 'schedules', label: 'Schedules' },
  { path: 'connections', label: 'Connections' },
  { path: 'keys', label: 'API keys' },
  { path: 'account', label: 'Account' },
] as const;

export type AppRoute = (typeof ROUTES)[number]['path'];
export type PublicRoute = 'login' | 'signup';

const APP_PATHS = new Set<string>(ROUTES.map((r) => r.path));

/**
 * Where to go after logging in, from `#/login?continue=…`: only a connect link of this origin
 * (`/oauth/start?link=…`), so that the parameter cannot send anyone elsewhere.
 */
export function continueTarget(hash: string): string | null {
  const target = hashParam(hash, 'continue');
  return target !== null && /^\/oauth\/start\?link=[\w-]{1,128}$/.test(target) ? target : null;
}

/** `#/connections?x=1` → `connections`; anything unknown is null. */
export function routeOfHash(hash: string): AppRoute | PublicRoute | null {
  const path = hash.replace(/^#\/?/, '').split(/[?/]/)[0] ?? '';
  if (path === 'login' || path === 'signup') return path;
  return APP_PATHS.has(path) ? (path as AppRoute) : null;
}
