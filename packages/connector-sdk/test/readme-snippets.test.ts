import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

// The README is the guide a connector's author copies from: each of its TypeScript snippets must
// compile against this SDK, and its sketches of the interfaces must match the real ones. A
// snippet gets declarations for the names it takes from around it (the `context` of `open`, a
// fake's helpers), never a change to its own text.

const ROOT = join(__dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SNIPPETS = [...README.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);

const SDK = `from '@docent/connector-sdk'`;

/** What a snippet leans on, by how it starts. `wrap`: its statements run inside a function. */
const CONTEXTS: Array<{ starts: string; prelude: string; wrap?: boolean }> = [
  {
    starts: 'import { defineConnector',
    prelude: `import { feedConnector } from './feed';\ninterface FeedSpec { url: string; token: string }`,
  },
  // The interface sketches: each must be interchangeable with the real one.
  ...['SourceConnector<TSpec>', 'SourceSession'].map((name) => {
    const bare = name.replace('<TSpec>', '');
    const generic = name === bare ? '' : '<unknown>';
    return {
      starts: `interface ${name} {`,
      prelude:
        `import type { ${bare} as Real, AuthMode, ConnectorContext, DiscoveryItem, DocumentContent, ` +
        `DocumentRef, IncompleteListing, SourceSession as RealSession, SpecValidation } ${SDK};\n` +
        (bare === 'SourceConnector' ? 'type SourceSession = RealSession;\n' : '') +
        `export const toReal = (x: ${bare}${generic}): Real${generic} => x;\n` +
        `export const fromReal = (x: Real${generic}): ${bare}${generic} => x;`,
    };
  }),
  {
    starts: 'type DocumentContent =',
    prelude:
      `import type { DocumentContent as Real, ParsedDocument } ${SDK};\n` +
      `export const toReal = (x: DocumentContent): Real => x;\n` +
      `export const fromReal = (x: Real): DocumentContent => x;`,
  },
  {
    starts: 'planFileDownload(',
    prelude:
      `import { downloadedFileContent, parsableMediaType, planFileDownload, SourceApiClient, type RequestSubject } ${SDK};\n` +
      `declare const size: number, maxBytes: number, api: SourceApiClient, path: string, about: RequestSubject;\n` +
      `declare const plan: { mediaType: string; fileName?: string; size?: number };`,
    wrap: true,
  },
  {
    starts: 'const FEED: SourceProfile',
    prelude:
      `import { ABOUT_SOURCE, aboutDocument, SourceApiClient, type ConnectorContext, type SourceProfile } ${SDK};\n` +
      `declare const context: ConnectorContext<unknown>, spec: { url: string };\n` +
      `declare const cursor: string, id: string, title: string, name: string;`,
    wrap: true,
  },
  { starts: "import { createHash } from 'node:crypto';", prelude: '' },
  {
    starts: 'describeSourceConnectorConformance(',
    prelude:
      `import { describeSourceConnectorConformance } from '@docent/connector-sdk/testing';\n` +
      `import { feedConnector } from './feed';\n` +
      `declare function startFakeFeed(options: { items: number }): Promise<{ url: string; ids: string[]; ` +
      `setFault(route: string, fault: { status: number; params: Record<string, string> }): void; close(): Promise<void> }>;`,
  },
  // The worked example, whole: the other snippets import its connector as './feed'.
  { starts: 'import {\n  ABOUT_SOURCE,', prelude: '' },
  {
    starts: 'const http = createSourceHttpClient(',
    prelude:
      `import { checkUrlAllowed, createSourceHttpClient } ${SDK};\n` +
      `declare const env: { DOCENT_ALLOW_PRIVATE_NETWORK: boolean };\n` +
      `declare const url: string, allowPrivateNetwork: boolean;`,
    wrap: true,
  },
];

function sourceOf(snippet: string): { name: string; text: string } {
  const context = CONTEXTS.find((c) => snippet.startsWith(c.starts));
  if (!context) throw new Error(`A README snippet this test does not know:\n${snippet}`);
  const name = context.starts.startsWith('import {\n  ABOUT_SOURCE') ? 'feed' : `snippet`;
  const body = context.wrap ? `export async function run() {\n${snippet}\n}` : snippet;
  return { name, text: `${context.prelude}\n${body}` };
}

function compile(files: Map<string, string>): string[] {
  // tsconfig.base.json's checks, which step 1 tells an author to extend.
  const options: ts.CompilerOptions = {
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node', 'jest'],
    typeRoots: [join(ROOT, 'node_modules/@types'), join(ROOT, '../../node_modules/@types')],
    baseUrl: ROOT,
    // The SDK as an author's package sees it, from its sources (no build needed).
    paths: {
      '@docent/connector-sdk': ['src/index.ts'],
      '@docent/connector-sdk/testing': ['src/testing/index.ts'],
    },
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (file) => files.get(file) ?? read(file);
  host.fileExists = (file) => files.has(file) || exists(file);
  const isDirectory = host.directoryExists?.bind(host);
  host.directoryExists = (dir) =>
    [...files.keys()].some((file) => file.startsWith(`${dir}/`)) || (isDirectory?.(dir) ?? true);
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && files.has(d.file.fileName))
    .map((d) => {
      const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      return `${d.file!.fileName.replace(`${ROOT}/`, '')}:${line + 1}: ${text}`;
    });
}

describe('README snippets', () => {
  it('finds the guide’s snippets', () => {
    expect(SNIPPETS.length).toBeGreaterThanOrEqual(10);
  });

  it('compile against the SDK, and its interface sketches match the real ones', () => {
    const files = new Map<string, string>();
    SNIPPETS.forEach((snippet, index) => {
      const { name, text } = sourceOf(snippet);
      const file = join(ROOT, 'readme', name === 'feed' ? 'feed.ts' : `snippet-${index}.ts`);
      // Each file a module of its own, so snippets do not see each other's names.
      files.set(file, `${text}\nexport {};\n`);
    });
    expect(compile(files)).toEqual([]);
  }, 60_000);
});
