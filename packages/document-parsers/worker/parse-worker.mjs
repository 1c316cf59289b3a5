// Entry of a parse worker thread. Plain JavaScript, so it runs the same from the compiled
// package and under jest (which does not transform code running in worker threads).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { runtimeModule, typescript, extraFormatsModule } = workerData;

if (typescript || extraFormatsModule?.endsWith('.ts')) {
  const { registerTypeScript } = await import('./register-typescript.mjs');
  registerTypeScript();
}

/** pdf.js is ESM only: a real dynamic import, on first use. */
async function loadPdfEngine() {
  // With this global set, pdf.js runs its parser on this thread instead of spawning a worker.
  globalThis.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const cMapUrl = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'cmaps', '/');
  return { pdfjs, cMapUrl };
}

const { serveParseRequests } = require(runtimeModule);
serveParseRequests(parentPort, { loadPdfEngine, extraFormatsModule });
