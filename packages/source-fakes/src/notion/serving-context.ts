import type { FaultBook } from '../shared/faults';
import type { FakeNotionRateLimit, NotionRequestLogEntry } from './fake-notion-types';
import type { FakeTokenBuckets } from './fake-token-buckets';
import type { IntegrationBook } from './integration-book';
import type { NotionStore } from './notion-store';
import type { OAuthGrants } from './oauth-grants';

/** Switches tests flip while the fake runs. */
export interface NotionControls {
  rateLimit: FakeNotionRateLimit | null;
  overloadEvery: number | null;
  /** API requests seen so far (for `overloadEvery`). */
  apiRequests: number;
}

/** Everything route handlers share. */
export interface NotionServing {
  store: NotionStore;
  integrations: IntegrationBook;
  buckets: FakeTokenBuckets;
  faults: FaultBook;
  log: NotionRequestLogEntry[];
  controls: NotionControls;
  pageSizeCap: number;
  now: () => Date;
  oauth?: OAuthGrants;
}
