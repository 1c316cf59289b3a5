import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SDK_VERSION } from '@docent/connector-sdk';
import { freePort, spawnDocent, startDocent, type InProcessDocent } from './support/docent-server';
import { waitForIngestion } from './support/wait-for';

jest.setTimeout(300_000);

/**
 * A connector package as a third party would publish one, loaded by DOCENT_CONNECTORS from a
 * directory Docent was never compiled with: CommonJS, its descriptor as the default export. Its
 * notes come inline in the spec, so the test needs no fake source (the WEB example's e2e test
 * crawls a fake site).
 */
function writeNotesConnector(dir: string, fields: Record<string, unknown> = {}): string {
  const root = join(dir, 'docent-connector-notes');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'docent-connector-notes' }));
  writeFileSync(
    join(root, 'index.js'),
    `const notesConnector = {
  validateSpec(spec) {
    const ids = new Set();
    const errors = [];
    spec.notes.forEach((note, index) => {
      if (ids.has(note.id)) errors.push({ field: 'spec.notes[' + index + '].id', message: 'is used twice' });
      ids.add(note.id);
    });
    return errors.length > 0 ? { ok: false, errors } : { ok: true, spec };
  },
  authModeFor: () => 'bearer',
  sourceKey: (spec) => 'notes:' + spec.book,
  sourceUrls: () => [],
  async open({ spec }) {
    return {
      async check() {},
      async *discover() {
        for (const note of spec.notes) {
          const content = {
            kind: 'parsed',
            document: { pages: [{ pageNum: 1, blocks: [
              { kind: 'heading', level: 1, text: note.title },
              { kind: 'paragraph', text: note.text },
            ] }] },
          };
          yield { type: 'document', ref: { sourceId: note.id, version: '1', title: note.title, content } };
        }
      },
      async fetch() { throw new Error('every note carries its content'); },
    };
  },
};
exports.default = Object.assign({
  sdkVersion: ${JSON.stringify(SDK_VERSION)},
  type: 'NOTES',
  title: 'Notes',
  description: 'Notes given in the spec.',
  specSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['book', 'notes'],
    properties: {
      book: { type: 'string', minLength: 1 },
      token: { type: 'string', nullable: true },
      notes: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'title', 'text'],
          properties: { id: { type: 'string' }, title: { type: 'string' }, text: { type: 'string' } },
        },
      },
    },
  },
  secretFields: ['token'],
  authModes: ['bearer'],
  documentNames: 'title',
  links: { pageLinks: false },
  ui: { help: 'Paste the notes.', fields: { book: { label: 'Book' }, token: { label: 'Token' } } },
  createConnector: () => notesConnector,
}, ${JSON.stringify(fields)});
`,
  );
  return root;
}

describe('connectors loaded by DOCENT_CONNECTORS (embedded mode)', () => {
  let dir: string;
  let docent: InProcessDocent;
  const locator = { namespace_name: 'acme', collection_name: 'notes' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docent-connector-pkg-'));
    docent = await startDocent({ DOCENT_CONNECTORS: writeNotesConnector(dir) });
  });
  afterAll(async () => {
    await docent?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET /connectors lists the built-in types, then the loaded one, with schemas and auth modes', async () => {
    const response = await fetch(`${docent.client.baseUrl}/connectors`, {
      headers: { 'api-key': docent.client.apiKey! },
    });
    expect(response.status).toBe(200);
    const { connectors } = (await response.json()) as {
      connectors: Array<Record<string, unknown>>;
    };
    expect(connectors.map((c) => c.type)).toEqual(['WIKI', 'DRIVE', 'PAGES', 'NOTES']);
    expect(connectors[0]).toMatchObject({
      title: 'Confluence',
      auth_modes: ['basic', 'bearer', 'oauth'],
      secret_fields: ['token'],
      oauth_configured: false,
      spec_schema: { type: 'object', required: ['url'] },
    });
    expect(connectors[3]).toEqual({
      type: 'NOTES',
      title: 'Notes',
      description: 'Notes given in the spec.',
      spec_schema: expect.objectContaining({ required: ['book', 'notes'] }),
      secret_fields: ['token'],
      auth_modes: ['bearer'],
      oauth_configured: false,
      document_names: 'title',
      ui: {
        help: 'Paste the notes.',
        fields: {
          book: { label: 'Book', help: null, placeholder: null, secret: false, multiline: false },
          token: { label: 'Token', help: null, placeholder: null, secret: true, multiline: false },
        },
      },
    });
    const anonymous = await fetch(`${docent.client.baseUrl}/connectors`);
    expect(anonymous.status).toBe(401);
  });

  it("checks a loaded type's spec against its schema, then its own rules, as RFC 9457 problems", async () => {
    const create = (spec: unknown) =>
      docent.client.post('/docs/create_ingestion', { ...locator, type: 'NOTES', spec });
    const shape = await create({ book: '', notes: [{ id: 'a', title: 'A' }], colour: 1 });
    expect(shape.status).toBe(400);
    expect(shape.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(shape.body).toMatchObject({
      code: 'invalid_request',
      errors: expect.arrayContaining([
        { field: 'spec.colour', message: 'is not a known field' },
        { field: 'spec.book', message: 'must NOT have fewer than 1 characters' },
        { field: 'spec.notes.0.text', message: 'is required' },
      ]),
    });
    const rules = await create({
      book: 'ops',
      notes: [
        { id: 'a', title: 'A', text: 'x' },
        { id: 'a', title: 'B', text: 'y' },
      ],
    });
    expect(rules.status).toBe(400);
    expect(rules.body).toMatchObject({ errors: [{ field: 'spec.notes[1].id' }] });
    const unknown = await docent.client.post('/docs/create_ingestion', {
      ...locator,
      type: 'DROPBOX',
      spec: {},
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errors: [{ field: 'type', message: 'must be one of WIKI, DRIVE, PAGES, NOTES' }],
    });
  });

  it('ingests from the loaded connector, keeps its secret sealed, and answers from it', async () => {
    const created = await docent.client.post<{ ingestion_id: string }>('/docs/create_ingestion', {
      ...locator,
      type: 'NOTES',
      spec: {
        book: 'ops',
        token: 'notes-secret-1',
        notes: [
          {
            id: 'n1',
            title: 'Kestrel restarts',
            text: 'Restart the Kestrel gateway with the drain command, then wait ninety seconds before sending traffic again.',
          },
          {
            id: 'n2',
            title: 'Lunch',
            text: 'The canteen serves lunch from noon until two in the afternoon on weekdays.',
          },
        ],
      },
    });
    expect(created.status).toBe(200);
    const done = await waitForIngestion(docent.client, {
      ...locator,
      ingestion_id: created.body.ingestion_id,
    });
    expect(done).toMatchObject({ status: 'succeeded', type: 'NOTES' });
    expect(done.progress.documents_processed).toBe(2);
    expect(done.spec.token).toBe('***');
    const asked = await docent.client.post<{ answer: string; refs: Array<{ doc_name: string }> }>(
      '/docs/ask',
      { ...locator, question: 'How long do I wait after restarting the Kestrel gateway?' },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.answer).toMatch(/ninety seconds/);
    expect(asked.body.refs[0]?.doc_name).toBe('Kestrel restarts');
  });
});

describe('a connector package Docent cannot use stops start-up with one clear message', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docent-connector-pkg-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [
      'another SDK major version',
      { sdkVersion: '0.1.0' },
      `: it was built for @docent/connector-sdk 0.1.0, and this Docent runs ${SDK_VERSION} (another major version)`,
    ],
    [
      'a type already served',
      { type: 'DRIVE' },
      ' declares type DRIVE, which the built-in Google Drive connector already serves',
    ],
    [
      'an invalid spec schema',
      {
        specSchema: { type: 'object', properties: { book: { type: 'text' }, token: {} } },
      },
      ': its spec schema is not valid JSON Schema: schema is invalid: data/properties/book/type',
    ],
  ])('%s', async (_what, fields, message) => {
    const root = writeNotesConnector(dir, fields);
    const data = join(dir, 'data');
    await expect(spawnDocent(data, await freePort(), { DOCENT_CONNECTORS: root })).rejects.toThrow(
      `Docent cannot start: DOCENT_CONNECTORS: connector package "${root}"${message}`,
    );
  });
});
