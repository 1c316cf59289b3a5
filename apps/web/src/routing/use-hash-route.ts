import { useEffect, useState } from 'react';
import { routeOfHash, type AppRoute, type PublicRoute } from './routes';

/** The route named by `location.hash`; a hash router needs nothing from the server but `/`. */
export function useHashRoute(): AppRoute | PublicRoute | null {
  const [route, setRoute] = useState(() => routeOfHash(window.location.hash));
  useEffect(() => {
    const update = (): void => setRoute(routeOfHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function navigate(route: AppRoute | PublicRoute): void {
  window.location.hash = `#/${route}`;
}
