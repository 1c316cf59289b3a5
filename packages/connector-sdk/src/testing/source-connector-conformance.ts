/// <reference types="jest" />
import type { DiscoveryItem, SourceConnector } from '../connector';
import { SourceError } from '../errors';
import { checkpoints, collect, documentIds, rejection } from './discovery-items';
import { readLikeTheService } from './read-like-the-service';
import { openTestSession, type TestSessionOptions } from './test-session';

/** A connector in front of a fake source it can be tested against; started fresh per test. */
export interface ConformanceFixture<TSpec> {
  connector: SourceConnector<TSpec>;
  /** A selection of a healthy source, as a client sends it. */
  spec: Record<string, unknown>;
  /** For every session the suite opens: endpoints, a clock. */
  session?: TestSessionOptions;
  /** The documents a complete listing yields (source ids, in any order); at least 11. */
  expectedIds: readonly string[];
  /** Failure items the healthy listing yields on purpose (unsupported files…). */
  expectedFailureIds?: readonly string[];
  /** A listed document with nothing listed below it. */
  breakableId: string;
  /** From now on, every request about this document's content answers HTTP 500. */
  breakDocument(sourceId: string): void;
  /** The same selection with credentials the source refuses; `secret` must not leak. */
  badCredentials: { spec: Record<string, unknown>; secret: string };
  close(): Promise<void>;
}

const sorted = (ids: Iterable<string>): string[] => [...ids].sort();

/** Documents and failures, in listing order. */
const listedIds = (items: readonly DiscoveryItem[]): string[] =>
  items.flatMap((item) =>
    item.type === 'document' ? [item.ref.sourceId] : item.type === 'failure' ? [item.sourceId] : [],
  );

/**
 * What every SourceConnector owes the service, checked against a fake of its source: `check`,
 * a complete listing, resuming from every checkpoint, reading every document, one broken
 * document failing alone, a dead source failing fast, and refused credentials. Register it in a
 * connector's tests:
 *
 * ```ts
 * describeSourceConnectorConformance('FeedConnector', async () => ({ connector, spec, … }));
 * ```
 */
export function describeSourceConnectorConformance<TSpec>(
  name: string,
  start: () => Promise<ConformanceFixture<TSpec>>,
): void {
  describe(`${name} (SourceConnector conformance)`, () => {
    let fixture: ConformanceFixture<TSpec>;
    const open = (spec = fixture.spec) => openTestSession(fixture.connector, spec, fixture.session);

    beforeEach(async () => {
      fixture = await start();
    });

    afterEach(() => fixture.close());

    it('passes check() on a healthy selection', async () => {
      const { session } = await open();
      await expect(session.check()).resolves.toBeUndefined();
    });

    it('lists every document once, checkpoints, and returns: a complete listing', async () => {
      const { session } = await open();
      const listing = session.discover(null);
      const items: DiscoveryItem[] = [];
      let next = await listing.next();
      for (; !next.done; next = await listing.next()) items.push(next.value);
      const ids = documentIds(items);
      expect(fixture.expectedIds.length).toBeGreaterThan(10);
      expect(sorted(ids)).toEqual(sorted(fixture.expectedIds));
      expect(new Set(ids).size).toBe(ids.length);
      const failed = items.flatMap((item) => (item.type === 'failure' ? [item.sourceId] : []));
      expect(sorted(failed)).toEqual(sorted(fixture.expectedFailureIds ?? []));
      expect(checkpoints(items).length).toBeGreaterThan(0);
      expect(next.value).toBeUndefined();
    });

    it('resumes from every checkpoint with the items after it', async () => {
      const { session } = await open();
      const everything = await collect(session.discover(null));
      const positions = everything.flatMap((item, index) =>
        item.type === 'checkpoint' ? [index] : [],
      );
      for (const position of positions) {
        const mark = everything[position] as { checkpoint: string };
        const resumed = await open();
        const rest = await collect(resumed.session.discover(mark.checkpoint));
        // What came after the checkpoint comes again, in order; anything more was listed
        // before it (a document reachable twice), which the service skips.
        const before = new Set(listedIds(everything.slice(0, position + 1)));
        expect({ position, rest: listedIds(rest).filter((id) => !before.has(id)) }).toEqual({
          position,
          rest: listedIds(everything.slice(position + 1)),
        });
        // ...but a listing resumed from its last checkpoint does not start over.
        if (position === positions.at(-1) && before.size > 0) {
          expect(listedIds(rest).length).toBeLessThan(listedIds(everything).length);
        }
      }
    });

    it('reads every listed document, from its ref or by fetch', async () => {
      const { session } = await open();
      const read = await readLikeTheService(session);
      expect(sorted(read.contents.keys())).toEqual(sorted(fixture.expectedIds));
      expect(sorted(read.failures.map((f) => f.sourceId))).toEqual(
        sorted(fixture.expectedFailureIds ?? []),
      );
      for (const content of read.contents.values()) {
        if (content.kind === 'parsed') expect(content.document.pages.length).toBeGreaterThan(0);
        else expect(content.bytes.length).toBeGreaterThan(0);
      }
    });

    it('fails a document whose content keeps answering 500 alone; the rest is read', async () => {
      fixture.breakDocument(fixture.breakableId);
      const { session } = await open();
      const read = await readLikeTheService(session);
      const failed = read.failures.filter((f) => f.sourceId === fixture.breakableId);
      expect(failed).toHaveLength(1);
      expect(failed[0]!.message).toMatch(/500/);
      const others = fixture.expectedIds.filter((id) => id !== fixture.breakableId);
      expect(sorted(read.contents.keys())).toEqual(sorted(others));
    });

    it('fails the source (source_unreachable) once documents keep failing in a row', async () => {
      for (const id of fixture.expectedIds) fixture.breakDocument(id);
      const { session } = await open();
      const error = await rejection(readLikeTheService(session));
      expect(error).toBeInstanceOf(SourceError);
      expect(error).toMatchObject({ code: 'source_unreachable' });
      expect(error.message).toMatch(/failed to serve 10 documents in a row/);
    });

    it('fails check() with source_auth_failed on refused credentials, never quoting them', async () => {
      const { session } = await open(fixture.badCredentials.spec);
      const error = await rejection(session.check());
      expect(error).toBeInstanceOf(SourceError);
      expect(error).toMatchObject({ code: 'source_auth_failed' });
      expect(error.message).not.toContain(fixture.badCredentials.secret);
    });
  });
}
