/// <reference types="jest" />
import type { Block, DocumentContent } from '@docent/document-model';

/** What `withNockOnly` needs of the `nock` module (passed in: the SDK does not depend on it). */
export interface NockControls {
  disableNetConnect(): void;
  enableNetConnect(): void;
  cleanAll(): void;
  restore(): void;
}

/**
 * For a test file that mocks every request with nock: real connections are refused (a missed
 * mock fails loudly instead of reaching the internet), mocks are dropped after each test, and
 * nock lets go of `http` at the end.
 */
export function withNockOnly(nock: NockControls): void {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => {
    nock.enableNetConnect();
    nock.restore();
  });
}

/** An error as Node's sockets raise it (`ECONNREFUSED`, `ETIMEDOUT`…), for `replyWithError`. */
export function networkFailure(code: string, message = `${code} while connecting`): Error {
  return Object.assign(new Error(message), { code });
}

/** `parsed` content of one page: what wiki and notes connectors hand over. */
export function onePage(blocks: Block[]): DocumentContent {
  return { kind: 'parsed', document: { pages: [{ pageNum: 1, blocks }] } };
}
