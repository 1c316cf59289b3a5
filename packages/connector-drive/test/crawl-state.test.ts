import { decodeCheckpoint, encodeCheckpoint, type CrawlState } from '../src/crawl-state';

const SOURCE = 'drive:https://www.googleapis.com#folder=Reports';
const state: CrawlState = {
  queue: [
    { kind: 'children', folderId: 'f1', driveId: 'd1' },
    { kind: 'folderSearch', corpus: { kind: 'drive', driveId: 'd2' } },
    { kind: 'sharedDrives', then: 'crawl' },
  ],
  pageToken: 'tok',
  seenFolders: ['f1'],
  foldersFound: 1,
};

describe('crawl checkpoints', () => {
  it('round-trip the crawl state', () => {
    expect(decodeCheckpoint(encodeCheckpoint(SOURCE, state), SOURCE)).toEqual(state);
    const { pageToken: _omitted, ...atStart } = state;
    expect(decodeCheckpoint(encodeCheckpoint(SOURCE, atStart), SOURCE)).toEqual(atStart);
  });

  it.each([
    ['another source', encodeCheckpoint('drive:https://www.googleapis.com#all', state)],
    ['garbage', 'not json'],
    ['another version', JSON.stringify({ v: 2, source: SOURCE, state })],
    [
      'an unknown listing',
      JSON.stringify({
        v: 1,
        source: SOURCE,
        state: { ...state, queue: [{ kind: 'url', url: 'http://evil' }] },
      }),
    ],
    [
      'a bad corpus',
      JSON.stringify({
        v: 1,
        source: SOURCE,
        state: { ...state, queue: [{ kind: 'folderSearch', corpus: { kind: 'drive' } }] },
      }),
    ],
    [
      'a bad count',
      JSON.stringify({ v: 1, source: SOURCE, state: { ...state, foldersFound: -1 } }),
    ],
    [
      'bad seen ids',
      JSON.stringify({ v: 1, source: SOURCE, state: { ...state, seenFolders: [1] } }),
    ],
  ])('ignores %s', (_label, checkpoint) => {
    expect(decodeCheckpoint(checkpoint, SOURCE)).toBeUndefined();
  });
});
