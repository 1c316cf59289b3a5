import type { FakeRoute } from './fake-http-types';

export interface RouteMatch {
  route: FakeRoute;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: FakeRoute;
  pattern: RegExp;
  paramNames: string[];
}

/** Path templates such as `/wiki/api/v2/spaces/:id/pages`; `:name` matches one segment. */
export class RouteTable {
  private readonly compiled: CompiledRoute[];

  constructor(routes: readonly FakeRoute[]) {
    this.compiled = routes.map((route) => compile(route));
  }

  match(method: string, path: string): RouteMatch | undefined {
    for (const { route, pattern, paramNames } of this.compiled) {
      if (route.method !== method) continue;
      const found = pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      paramNames.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
      return { route, params };
    }
    return undefined;
  }
}

function compile(route: FakeRoute): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        paramNames.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), paramNames };
}
