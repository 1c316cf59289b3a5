import { extractNotionId, MAX_PAGE_IDS, pagesConnector, pagesDescriptor } from '../src';

const ID = '0123456789abcdef0123456789abcdef';
const DASHED = '01234567-89ab-cdef-0123-456789abcdef';
const OTHER = 'fedcba9876543210fedcba9876543210';
const OTHER_DASHED = 'fedcba98-7654-3210-fedc-ba9876543210';

describe('extractNotionId', () => {
  it.each([
    ['an undashed id', ID, DASHED],
    ['a dashed id', DASHED, DASHED],
    ['an upper-case id with spaces around', `  ${ID.toUpperCase()} `, DASHED],
    ['a page URL', `https://www.notion.so/acme/Runbook-${ID}`, DASHED],
    ['a page URL without scheme', `www.notion.so/Runbook-${ID}?pvs=4`, DASHED],
    ['a notion.site URL', `https://acme.notion.site/Runbook-${ID}`, DASHED],
    ['a title made of hex-like words', `https://www.notion.so/Cafe-Deadbeef-${ID}`, DASHED],
    ['a page URL with a block anchor', `https://www.notion.so/Runbook-${ID}#${OTHER}`, DASHED],
    [
      'a database view URL: the view id is ignored',
      `https://www.notion.so/acme/${ID}?v=${OTHER}`,
      DASHED,
    ],
    [
      'a page opened from a database view (p=)',
      `https://www.notion.so/acme/${OTHER}?v=${'a'.repeat(32)}&p=${ID}&pm=s`,
      DASHED,
    ],
    ['a titled segment wins over p=', `https://www.notion.so/Runbook-${ID}?p=${OTHER}`, DASHED],
    ['page_id= in the query', `https://example.com/open?page_id=${ID}`, DASHED],
    ['an API URL with a dashed id', `https://api.notion.com/v1/pages/${DASHED}`, DASHED],
    ['the last titled segment', `https://www.notion.so/Parent-${OTHER}/Child-${ID}`, DASHED],
    ['a bare slug', `Runbook-${OTHER}`, OTHER_DASHED],
  ])('reads %s', (_name, input, expected) => {
    expect(extractNotionId(input)).toBe(expected);
  });

  it.each([
    ['text', 'my runbook'],
    ['a short hex string', 'abc123'],
    ['33 hex digits', `${ID}f`],
    ['a URL without an id', 'https://www.notion.so/acme/Runbook'],
    ['a URL whose only id is the view', `https://www.notion.so/acme/Runbook?v=${OTHER}`],
    ['a URL whose only id is the anchor', `https://www.notion.so/acme/Runbook#${OTHER}`],
    ['an empty string', ''],
  ])('finds nothing in %s', (_name, input) => {
    expect(extractNotionId(input)).toBeUndefined();
  });
});

describe('PagesConnector spec', () => {
  it('normalises page ids in any form, drops duplicates and nulls', () => {
    expect(
      pagesConnector.validateSpec({
        token: '  ntn_abc  ',
        page_ids: [ID, `https://www.notion.so/Runbook-${ID}`, OTHER_DASHED.toUpperCase()],
      }),
    ).toEqual({ ok: true, spec: { token: 'ntn_abc', page_ids: [DASHED, OTHER_DASHED] } });
    expect(pagesConnector.validateSpec({ token: null, page_ids: null })).toEqual({
      ok: true,
      spec: {},
    });
  });

  it('points at each unreadable entry by index', () => {
    expect(pagesConnector.validateSpec({ page_ids: [ID, 'not a page', 42] })).toEqual({
      ok: false,
      errors: [
        { field: 'spec.page_ids[1]', message: expect.stringContaining('not a Notion page id') },
        { field: 'spec.page_ids[2]', message: 'must be a string' },
      ],
    });
  });

  it('refuses wrong shapes, an empty list and too many ids', () => {
    const fields = (spec: unknown) => {
      const result = pagesConnector.validateSpec(spec);
      return result.ok ? [] : result.errors.map((error) => error.field);
    };
    expect(fields('nope')).toEqual(['spec']);
    expect(fields({ token: 5 })).toEqual(['spec.token']);
    expect(fields({ page_ids: ID })).toEqual(['spec.page_ids']);
    expect(fields({ page_ids: [] })).toEqual(['spec.page_ids']);
    expect(fields({ page_ids: Array.from({ length: MAX_PAGE_IDS + 1 }, () => ID) })).toEqual([
      'spec.page_ids',
    ]);
  });

  it('keys the source by the sorted ids (or #all), never by the token', () => {
    const key = (spec: Record<string, unknown>) => {
      const result = pagesConnector.validateSpec(spec);
      if (!result.ok) throw new Error('invalid');
      return pagesConnector.sourceKey(result.spec);
    };
    expect(key({ token: 't1', page_ids: [OTHER, ID] })).toBe(
      `notion:pages=${DASHED},${OTHER_DASHED}`,
    );
    expect(key({ token: 't2', page_ids: [ID, OTHER] })).toBe(key({ page_ids: [OTHER, ID] }));
    expect(key({ token: 'secret' })).toBe('notion:#all');
    const many = Array.from({ length: 40 }, (_, i) => i.toString(16).padStart(32, '0'));
    expect(key({ page_ids: many })).toMatch(/^notion:pages#sha256=[0-9a-f]{64}$/);
  });

  it('declares its auth modes, secret field and the API URL it calls', () => {
    expect(pagesDescriptor.type).toBe('PAGES');
    expect(pagesDescriptor.authModes).toEqual(['bearer', 'oauth']);
    expect(pagesDescriptor.secretFields).toEqual(['token']);
    expect(pagesConnector.authModeFor({ token: 'x' })).toBe('bearer');
    expect(pagesConnector.authModeFor({})).toBe('oauth');
    expect(pagesConnector.sourceUrls({}, {})).toEqual(['https://api.notion.com']);
    expect(pagesConnector.sourceUrls({}, { pagesApiUrl: 'http://127.0.0.1:9999/' })).toEqual([
      'http://127.0.0.1:9999',
    ]);
  });
});
