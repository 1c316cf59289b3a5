import type { FakeRequest } from '../shared/fake-http-types';
import type { ConfluenceStore } from './confluence-store';
import type { ConfluenceDeployment, FakeConfluenceOptions } from './fake-confluence-types';
import type { FakeMediaApi } from './media-api';
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
  /** Cloud: where downloads redirect. */
  media?: FakeMediaApi;
}

/**
 * `_links.base`: the absolute wiki base of the site, also in answers through the gateway (the
 * configured `siteUrl`, which a user opens in a browser, rather than the gateway's address).
 */
export function wikiBase(serving: ServingContext, request: FakeRequest): string {
  const siteUrl = serving.options.oauth?.siteUrl;
  if (siteUrl !== undefined && request.path.startsWith('/ex/confluence/')) {
    return `${siteUrl.replace(/\/+$/, '')}${serving.contextPath}`;
  }
  return `${request.origin}${serving.contextPath}`;
}

/** The site's URL as accessible-resources reports it. */
export function siteUrl(serving: ServingContext, request: FakeRequest): string {
  return serving.options.oauth?.siteUrl?.replace(/\/+$/, '') ?? request.origin;
}
