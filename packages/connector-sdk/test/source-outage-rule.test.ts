import {
  DocumentError,
  DocumentErrorMonitor,
  DocumentRequestError,
  documentFailuresStop,
  SourceError,
  sourceAnsweredDocument,
  sourceFailedDocument,
  sourceLooksDown,
  sourceOutageVerdict,
  UnsupportedDocumentError,
} from '../src';

const failure = new DocumentRequestError('source_unreachable', 'HTTP 500 after retries', {
  status: 500,
});

describe('the source-outage rule', () => {
  it('gives its rule to a tally kept elsewhere (several workers, one ingestion)', () => {
    expect(documentFailuresStop('Feed', { streak: 9, failures: 15, window: 100 })).toBeUndefined();
    expect(documentFailuresStop('Feed', { streak: 10, failures: 10, window: 40 })).toBe(
      'Feed failed to serve 10 documents in a row',
    );
    expect(documentFailuresStop('Feed', { streak: 1, failures: 16, window: 100 })).toBe(
      'Feed failed to serve 16 of the last 100 documents',
    );
    // Parallel workers tally past the threshold before the stop lands: the reason names the
    // threshold crossed, whichever worker's error ends the ingestion.
    expect(documentFailuresStop('Feed', { streak: 11, failures: 11, window: 41 })).toBe(
      'Feed failed to serve 10 documents in a row',
    );
    expect(documentFailuresStop('Feed', { streak: 2, failures: 17, window: 100 })).toBe(
      'Feed failed to serve 16 of the last 100 documents',
    );
    const stop = sourceLooksDown('Feed failed to serve 10 documents in a row', '"x.pdf"', failure);
    expect(stop).toMatchObject({
      code: 'source_unreachable',
      message:
        'Feed failed to serve 10 documents in a row, so the ingestion stopped: the source looks unavailable, try again later. The last, "x.pdf": HTTP 500 after retries',
      details: { status: 500, cause: failure },
    });
  });

  it('tells the source failing a document from the source answering about it', () => {
    const cases: Array<[string, unknown, { failed: boolean; answered: boolean }]> = [
      ['a 5xx after retries', failure, { failed: true, answered: false }],
      [
        'a 404',
        new DocumentRequestError('source_not_found', 'HTTP 404', { status: 404 }),
        { failed: false, answered: true },
      ],
      [
        'a refusal',
        new DocumentRequestError('source_auth_failed', 'HTTP 403', { status: 403 }),
        { failed: false, answered: true },
      ],
      ['a corrupt file', new DocumentError('not a PDF'), { failed: false, answered: true }],
      [
        'a file over the limit',
        new UnsupportedDocumentError('too large'),
        { failed: false, answered: true },
      ],
      [
        'a document gone since the listing',
        new SourceError('source_not_found', 'gone'),
        { failed: false, answered: true },
      ],
      [
        "the source's own failure",
        new SourceError('source_auth_failed', 'token revoked'),
        { failed: false, answered: false },
      ],
      ['a bug', new TypeError('x is undefined'), { failed: false, answered: false }],
    ];
    for (const [what, error, expected] of cases) {
      expect({
        what,
        failed: sourceFailedDocument(error),
        answered: sourceAnsweredDocument(error),
      }).toEqual({ what, ...expected });
    }
  });

  it('gives a tally kept elsewhere the verdict and message the session monitor gives', () => {
    const monitor = new DocumentErrorMonitor('Feed');
    let fromMonitor: SourceError | undefined;
    for (let i = 1; i <= 10; i += 1) fromMonitor = monitor.failed(`d${i}`, `"d${i}"`, failure);
    const tally = { streak: 10, failures: 10, window: 10 };
    const fromTally = sourceOutageVerdict('Feed', tally, '"d10"', failure);
    expect(fromTally).toBeInstanceOf(SourceError);
    expect(fromTally?.message).toBe(fromMonitor?.message);
    expect(fromTally?.code).toBe('source_unreachable');
    expect(
      sourceOutageVerdict('Feed', { ...tally, streak: 9, failures: 15 }, '"d10"', failure),
    ).toBe(undefined);
  });
});
