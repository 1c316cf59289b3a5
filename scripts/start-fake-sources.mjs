#!/usr/bin/env node
// Try the web UI's OAuth connections without real Atlassian, Google or Notion accounts: starts
// this repository's fake Confluence, Drive and Notion (each with its own authorization server,
// which consents at once) and prints the environment that points Docent at them. Stop with ^C.
//
//   pnpm exec turbo run build --filter=@docent/source-fakes && node scripts/start-fake-sources.mjs
//
// Then start Docent with the printed variables in front of the README's start line.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fakesEntry = join(root, 'packages/source-fakes/dist/index.js');
if (!existsSync(fakesEntry)) {
  console.error(`${fakesEntry} is missing: run 'pnpm exec turbo run build' first`);
  process.exit(1);
}
const fakes = createRequire(import.meta.url)(fakesEntry);
const publicUrl = process.env.DOCENT_PUBLIC_URL ?? 'http://localhost:8080';

// Client ids and secrets of the fake providers only; they open nothing real.
const CLIENTS = {
  WIKI: { clientId: 'docent-local-atlassian', clientSecret: 'fake-atlassian-secret' },
  DRIVE: {
    clientId: 'docent-local.apps.googleusercontent.com',
    clientSecret: 'fake-google-secret',
  },
  PAGES: { clientId: 'docent-local-notion', clientSecret: 'fake-notion-secret' },
};

const workspace = fakes.buildNotionWorkspace();
const notion = await fakes.startFakeNotion({
  ...workspace.options,
  oauth: {
    clients: [CLIENTS.PAGES],
    consentShares: [workspace.ids.root],
    workspaceName: 'Acme (fake Notion)',
  },
});
const drive = await fakes.startFakeDrive({
  user: { displayName: 'Ada Lovelace', emailAddress: 'ada@acme.test' },
  oauth: { clients: [CLIENTS.DRIVE], refreshTokens: [] },
  files: [
    {
      name: 'Travel policy.md',
      mimeType: 'text/markdown',
      content:
        '# Travel policy\n\nEconomy class is booked for every flight shorter than six hours.\n',
    },
  ],
});
const wiki = await fakes.startFakeConfluence({
  mode: 'cloud',
  oauth: { cloudId: 'cloud-acme', clients: [CLIENTS.WIKI] },
  spaces: [{ key: 'KB', name: 'Knowledge base', pages: fakes.HANDBOOK_PAGES }],
});

const env = {
  DOCENT_PUBLIC_URL: publicUrl,
  DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
  ...fakes.docentOAuthEnvironment({ wiki, drive, notion }, CLIENTS),
};

console.log('Fake sources are up. Start Docent with:\n');
console.log(
  `${Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join(' \\\n')} \\\n  pnpm start\n`,
);
console.log(`Then open ${publicUrl}/, sign up, Connect each source and ingest with no token:`);
console.log('  PAGES: leave page ids empty (the whole fake workspace, 59 pages)');
console.log('  DRIVE: leave the folder empty');
console.log(`  WIKI:  url ${wiki.url}, space KB`);
console.log('Press ^C to stop the fakes.');

const stop = async () => {
  await Promise.all([notion.close(), drive.close(), wiki.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
