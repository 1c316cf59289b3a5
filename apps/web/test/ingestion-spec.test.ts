import { describe, expect, it } from 'vitest';
import { emptyValues, specFormOf, specOf } from '../src/ingestions/ingestion-spec';
import { FEED, PAGES, WIKI } from './connector-fixtures';

describe('specFormOf', () => {
  it('reads fields, kinds, labels and the choice from a descriptor it has never seen', () => {
    const form = specFormOf(FEED);
    expect(form.fields.map((f) => [f.name, f.kind, f.label, f.required, f.secret])).toEqual([
      // The hints' order first, then the property without a hint, labelled from its name.
      ['feed_url', 'text', 'Feed URL', true, false],
      ['since_days', 'integer', 'Last days', false, false],
      ['since_date', 'text', 'Since date', false, false],
      ['tags', 'list', 'Tags', false, false],
      ['full_text', 'boolean', 'Fetch each article', false, false],
      ['password', 'text', 'Password', false, true],
      ['language', 'enum', 'Language', false, false],
    ]);
    expect(form.fields.find((f) => f.name === 'language')?.options).toEqual(['en', 'de', 'fr']);
    // A field with no hint takes the schema's description as help, without Markdown marks.
    expect(form.fields.find((f) => f.name === 'since_date')?.help).toBe('An ISO date, 2026-01-31.');
    expect(form.choices).toEqual([['since_days', 'since_date']]);
    // A credential's schema description is written for API clients, not shown in the form.
    expect(form.fields.find((f) => f.name === 'password')?.help).toBeNull();
    // A description that only repeats the label is no help.
    const repeated = {
      ...FEED,
      ui: { help: null, fields: {} },
      spec_schema: {
        type: 'object',
        properties: { space: { type: 'string', description: 'Space.' } },
      },
    };
    expect(specFormOf(repeated).fields[0]).toMatchObject({ label: 'Space', help: null });
    expect(specFormOf(WIKI).choices).toEqual([['space', 'cql']]);
    expect(specFormOf(PAGES).choices).toEqual([]);
  });
});

describe('specOf', () => {
  it('leaves empty optional fields out, so an empty token means the connection', () => {
    const form = specFormOf(PAGES);
    const { values, chosen } = emptyValues(form);
    expect(specOf(form, { ...values, token: '   ' }, chosen)).toEqual({ ok: true, spec: {} });
  });

  it('sends a list given one per line, and refuses more lines than the schema allows', () => {
    const form = specFormOf(PAGES);
    const { chosen } = emptyValues(form);
    expect(specOf(form, { page_ids: 'abc\n  https://notion.so/x-123 \n\n' }, chosen)).toEqual({
      ok: true,
      spec: { page_ids: ['abc', 'https://notion.so/x-123'] },
    });
    expect(specOf(form, { page_ids: 'a\nb\nc\nd' }, chosen)).toEqual({
      ok: false,
      errors: { page_ids: 'at most 3 lines' },
    });
  });

  it('sends only the chosen field of an exactly-one-of choice, and requires it', () => {
    const form = specFormOf(WIKI);
    const values = {
      url: ' https://acme.atlassian.net ',
      space: 'ENG',
      cql: 'type=page',
      username: '',
      token: '',
      attachments: false,
    };
    expect(specOf(form, values, { 'space|cql': 'space' })).toEqual({
      ok: true,
      spec: { url: 'https://acme.atlassian.net', space: 'ENG' },
    });
    expect(
      specOf(
        form,
        { ...values, username: 'bot@acme.com', token: 't0k', attachments: true },
        { 'space|cql': 'cql' },
      ),
    ).toEqual({
      ok: true,
      spec: {
        url: 'https://acme.atlassian.net',
        cql: 'type=page',
        username: 'bot@acme.com',
        token: 't0k',
        attachments: true,
      },
    });
    expect(specOf(form, { ...values, url: ' ', cql: '' }, { 'space|cql': 'cql' })).toEqual({
      ok: false,
      errors: { url: 'is required', cql: 'is required' },
    });
  });

  it('reads numbers within the schema bounds', () => {
    const form = specFormOf(FEED);
    const base = { feed_url: 'https://x.test/feed', since_days: '30' };
    const chosen = { 'since_days|since_date': 'since_days' };
    expect(specOf(form, base, chosen)).toEqual({
      ok: true,
      spec: { feed_url: 'https://x.test/feed', since_days: 30 },
    });
    expect(specOf(form, { ...base, since_days: '2.5' }, chosen)).toMatchObject({
      errors: { since_days: 'must be a whole number' },
    });
    expect(specOf(form, { ...base, since_days: '400' }, chosen)).toMatchObject({
      errors: { since_days: 'must be at most 365' },
    });
  });
});
