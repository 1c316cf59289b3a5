import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SDK_VERSION } from '@docent/connector-sdk';
import { ConnectorLoadError, createConnectors, loadConnectors } from '../src';

/** A connector package as a third party publishes it: CommonJS, descriptor as default export. */
function writePackage(dir: string, name: string, descriptorSource: string): string {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
  writeFileSync(join(root, 'index.js'), `exports.default = ${descriptorSource};\n`);
  return root;
}

const descriptorSource = (fields: Record<string, unknown> = {}) => `Object.assign({
  sdkVersion: ${JSON.stringify(SDK_VERSION)},
  type: 'FEED',
  title: 'Feed',
  description: 'A JSON feed.',
  specSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: {
      url: { type: 'string', minLength: 1 },
      limit: { type: 'integer', minimum: 1, nullable: true },
      token: { type: 'string', nullable: true },
    },
  },
  secretFields: ['token'],
  authModes: ['bearer'],
  documentNames: 'title',
  links: { pageLinks: false },
  ui: { fields: { url: { label: 'Feed URL' }, token: { label: 'Token', secret: true } } },
  createConnector: () => ({
    validateSpec: (spec) => ({ ok: true, spec: { ...spec, url: spec.url.replace(/\\/+$/, '') } }),
    authModeFor: () => 'bearer',
    sourceKey: (spec) => spec.url,
    sourceUrls: (spec) => [spec.url],
    open: async () => { throw new Error('not opened in these tests'); },
  }),
}, ${JSON.stringify(fields)})`;

describe('loadConnectors', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docent-connectors-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const load = (packages: string | undefined) => loadConnectors({ packages, baseDir: dir });
  const failure = (packages: string) => {
    try {
      load(packages);
    } catch (error) {
      expect(error).toBeInstanceOf(ConnectorLoadError);
      return (error as Error).message;
    }
    throw new Error('loaded');
  };

  it('loads the three built-in connectors with nothing configured', () => {
    const loaded = load(undefined);
    expect(loaded.map((c) => [c.descriptor.type, c.origin])).toEqual([
      ['WIKI', 'built-in'],
      ['DRIVE', 'built-in'],
      ['PAGES', 'built-in'],
    ]);
  });

  it('loads a package by path beside them, and checks specs against its schema first', () => {
    writePackage(dir, 'feed', descriptorSource());
    const loaded = load(' ./feed , ');
    expect(loaded.map((c) => c.descriptor.type)).toEqual(['WIKI', 'DRIVE', 'PAGES', 'FEED']);
    const [feed] = createConnectors(loaded, {}).filter((c) => c.descriptor.type === 'FEED');
    expect(feed!.origin).toBe('./feed');
    expect(feed!.validateSpec({ url: 'https://feed.test/' })).toEqual({
      ok: true,
      spec: { url: 'https://feed.test' },
    });
    expect(feed!.validateSpec({ limit: 0, colour: 'red', token: 7 })).toEqual({
      ok: false,
      errors: [
        { field: 'spec.url', message: 'is required' },
        { field: 'spec.colour', message: 'is not a known field' },
        { field: 'spec.limit', message: 'must be >= 1' },
        { field: 'spec.token', message: 'must be a string' },
      ],
    });
    expect(feed!.validateSpec('x')).toMatchObject({
      ok: false,
      errors: [{ field: 'spec', message: 'must be an object' }],
    });
  });

  it('loads a package by name from the base directory', () => {
    writePackage(join(dir, 'node_modules'), 'docent-connector-feed', descriptorSource());
    expect(load('docent-connector-feed').at(-1)!.origin).toBe('docent-connector-feed');
  });

  it('stops start-up on a package built for another SDK major version', () => {
    writePackage(dir, 'old', descriptorSource({ sdkVersion: '0.1.0' }));
    expect(failure('./old')).toBe(
      `DOCENT_CONNECTORS: connector package "./old": it was built for @docent/connector-sdk 0.1.0, and this Docent runs ${SDK_VERSION} (another major version)`,
    );
  });

  it('stops start-up on a type already served', () => {
    writePackage(dir, 'wiki2', descriptorSource({ type: 'WIKI' }));
    writePackage(dir, 'feed', descriptorSource());
    writePackage(dir, 'feed2', descriptorSource());
    expect(failure('./wiki2')).toBe(
      'DOCENT_CONNECTORS: connector package "./wiki2" declares type WIKI, which the built-in Confluence connector already serves',
    );
    expect(failure('./feed,./feed2')).toBe(
      'DOCENT_CONNECTORS: connector package "./feed2" declares type FEED, which "./feed" already serves',
    );
  });

  it('stops start-up on a spec schema that is not valid JSON Schema', () => {
    writePackage(
      dir,
      'bad-schema',
      descriptorSource({
        specSchema: { type: 'object', properties: { url: { type: 'strin' }, token: {} } },
      }),
    );
    expect(failure('./bad-schema')).toMatch(
      /^DOCENT_CONNECTORS: connector package "\.\/bad-schema": its spec schema is not valid JSON Schema: schema is invalid: data\/properties\/url\/type/,
    );
  });

  it('names what is missing or wrong in a descriptor', () => {
    writePackage(dir, 'lower', descriptorSource({ type: 'feed' }));
    writePackage(dir, 'secret', descriptorSource({ secretFields: ['password'] }));
    writePackage(dir, 'oauth', descriptorSource({ authModes: ['oauth'] }));
    mkdirSync(join(dir, 'empty'));
    writeFileSync(join(dir, 'empty', 'index.js'), 'exports.other = 1;\n');
    expect(failure('./lower')).toMatch(/its type "feed" must be 2-32 upper-case letters/);
    expect(failure('./secret')).toMatch(/its secretFields must name properties of its spec schema/);
    expect(failure('./oauth')).toMatch(/lists 'oauth' among authModes but has no oauth/);
    expect(failure('./empty')).toMatch(/"\.\/empty": it exports no connector descriptor/);
    expect(failure('./missing')).toBe(
      `DOCENT_CONNECTORS: connector package "./missing" cannot be found at ${join(dir, 'missing')}`,
    );
    expect(failure('docent-connector-nowhere')).toMatch(
      /"docent-connector-nowhere" cannot be found from .* \(install it beside Docent, or give its path\)/,
    );
  });

  it('reports a package whose module throws while loading', () => {
    mkdirSync(join(dir, 'broken'));
    writeFileSync(join(dir, 'broken', 'index.js'), "throw new Error('boom');\n");
    expect(failure('./broken')).toBe(
      'DOCENT_CONNECTORS: connector package "./broken" failed to load: boom',
    );
  });
});
