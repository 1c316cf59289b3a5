import type { ConfluenceStore } from './confluence-store';
import type { ConfluenceDeployment, FakeConfluenceOptions } from './fake-confluence-types';
import type { OAuthTokenBook } from './oauth-token-book';

/** Everything route handlers share. */
export interface ServingContext {
  mode: ConfluenceDeployment;
  store: ConfluenceStore;
  options: FakeConfluenceOptions;
  /** `/wiki` on Cloud, the context path on Data Center. */
  contextPath: string;
  caps: { v2: number; v1Body: number; v1Expanded: number; v1Plain: number };
  /** Read at request time: tests flip it while the server runs. */
  dcWrongNextStart(): boolean;
  now(): Date;
  oauth?: OAuthTokenBook;
}

/** `_links.base`: the absolute wiki base (the site's, also for gateway requests). */
export function wikiBase(serving: ServingContext, origin: string): string {
  return `${origin}${serving.contextPath}`;
}
