import { openTestSession, type TestSessionOptions } from '@docent/connector-sdk/testing';
import { wikiConnector } from '../src';

export { checkpoints, collect, documentIds, rejection } from '@docent/connector-sdk/testing';

/** A WIKI session on the real SDK HTTP client; waits recorded, never slept. */
export const openWikiSession = (rawSpec: Record<string, unknown>, options?: TestSessionOptions) =>
  openTestSession(wikiConnector, rawSpec, options);
