import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, specOf } from '../src/ingestions/ingestion-spec';

describe('specOf', () => {
  it('leaves the token out when it is empty, so the connection is used', () => {
    expect(specOf({ ...EMPTY_FORM, type: 'PAGES', token: '   ' })).toEqual({});
    expect(specOf({ ...EMPTY_FORM, type: 'DRIVE' })).toEqual({});
  });

  it('splits page ids given one per line or separated by commas', () => {
    const spec = specOf({
      ...EMPTY_FORM,
      type: 'PAGES',
      pageIds: 'abc\n  https://notion.so/x-123 ,def\n\n',
    });
    expect(spec).toEqual({ page_ids: ['abc', 'https://notion.so/x-123', 'def'] });
  });

  it('sends exactly one of space or cql for WIKI, and the username only when given', () => {
    const base = {
      ...EMPTY_FORM,
      type: 'WIKI' as const,
      wikiUrl: ' https://acme.atlassian.net ',
      wikiSpace: 'ENG',
      wikiCql: 'type=page',
    };
    expect(specOf(base)).toEqual({ url: 'https://acme.atlassian.net', space: 'ENG' });
    expect(specOf({ ...base, wikiAttachments: true })).toEqual({
      url: 'https://acme.atlassian.net',
      space: 'ENG',
      attachments: true,
    });
    expect(
      specOf({ ...base, wikiSelector: 'cql', wikiUsername: 'bot@acme.com', token: 't0k' }),
    ).toEqual({
      url: 'https://acme.atlassian.net',
      cql: 'type=page',
      username: 'bot@acme.com',
      token: 't0k',
    });
  });

  it('names the DRIVE folder when one is given', () => {
    expect(specOf({ ...EMPTY_FORM, type: 'DRIVE', driveFolderName: ' Handbook ' })).toEqual({
      folder_name: 'Handbook',
    });
  });
});
