import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// What a third party installs from npm: the SDK and the document model as `pnpm pack` (and so
// `pnpm publish`) makes them, in a folder with nothing else of Docent's, and a connector built
// against them. Needs the packages built (`pnpm test` builds first).
const PACKAGES = resolve(__dirname, '../..');
const SDK = join(PACKAGES, 'connector-sdk');
const MODEL = join(PACKAGES, 'document-model');
const WEB_EXAMPLE = resolve(PACKAGES, '../examples/connector-web');

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
}

describe('@docent/connector-sdk as published', () => {
  let dir: string;
  const manifests = new Map<string, Manifest>();

  beforeAll(() => {
    for (const built of [SDK, MODEL, WEB_EXAMPLE]) {
      if (!existsSync(join(built, 'dist/index.js'))) {
        throw new Error(`${built} is not built: run pnpm build first`);
      }
    }
    dir = mkdtempSync(join(tmpdir(), 'docent-sdk-pack-'));
    const tarballs = join(dir, 'tarballs');
    for (const pkg of [SDK, MODEL]) {
      execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: pkg, stdio: 'pipe' });
    }
    for (const tarball of readdirSync(tarballs)) {
      const unpacked = join(dir, 'unpacked', tarball);
      mkdirSync(unpacked, { recursive: true });
      execFileSync('tar', ['-xzf', join(tarballs, tarball), '-C', unpacked]);
      const root = join(unpacked, 'package');
      const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
      manifests.set(manifest.name, manifest);
      cpSync(root, join(dir, 'node_modules', manifest.name), { recursive: true });
    }
    // The example as its own package would be installed: its dist and manifest only.
    const web = join(dir, 'node_modules', 'docent-connector-web');
    cpSync(join(WEB_EXAMPLE, 'dist'), join(web, 'dist'), { recursive: true });
    cpSync(join(WEB_EXAMPLE, 'package.json'), join(web, 'package.json'));
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is publishable, and names its dependency by version, not by workspace', () => {
    const sdk = manifests.get('@docent/connector-sdk');
    const model = manifests.get('@docent/document-model');
    expect(sdk?.private).toBeUndefined();
    expect(model?.private).toBeUndefined();
    expect(sdk?.dependencies).toEqual({ '@docent/document-model': model?.version });
    expect(JSON.stringify([...manifests.values()])).not.toContain('workspace:');
  });

  it('loads alone, with its testing entry, and runs a connector built against it', () => {
    const script = `
      const sdk = require('@docent/connector-sdk');
      const testing = require('@docent/connector-sdk/testing');
      const web = require('docent-connector-web').default;
      const valid = web.createConnector().validateSpec({ url: 'https://docs.example.com/' });
      console.log(JSON.stringify({
        sdk: require.resolve('@docent/connector-sdk'),
        client: typeof sdk.SourceApiClient,
        conformance: typeof testing.describeSourceConnectorConformance,
        type: web.type,
        valid: valid.ok,
      }));`;
    const out = execFileSync(process.execPath, ['-e', script], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', NODE_PATH: '' },
    }).toString();
    expect(JSON.parse(out)).toEqual({
      sdk: join(dir, 'node_modules/@docent/connector-sdk/dist/index.js'),
      client: 'function',
      conformance: 'function',
      type: 'WEB',
      valid: true,
    });
  });
});
