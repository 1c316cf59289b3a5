import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One built file, held in memory with its gzip form (the whole UI is a few hundred KB). */
export interface WebUiFile {
  body: Buffer;
  gzipped: Buffer | null;
  contentType: string;
  etag: string;
}

export interface WebUiBundle {
  index: WebUiFile;
  /** By file name under `assets/` (Vite's content-hashed names). */
  assets: Map<string, WebUiFile>;
}

/** `apps/web/dist`, the same two levels up from `src/web` (tests) and `dist/web` (built). */
export const DEFAULT_WEB_DIST = resolve(__dirname, '../../../web/dist');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.map']);

/** Reads the built UI, or null when it has not been built (the api then explains at `/`). */
export function loadWebUiBundle(distDir: string = DEFAULT_WEB_DIST): WebUiBundle | null {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const assets = new Map<string, WebUiFile>();
  const assetsDir = join(distDir, 'assets');
  if (existsSync(assetsDir)) {
    for (const name of readdirSync(assetsDir)) {
      const path = join(assetsDir, name);
      if (statSync(path).isFile()) assets.set(name, webUiFile(path));
    }
  }
  return { index: webUiFile(indexPath), assets };
}

function webUiFile(path: string): WebUiFile {
  const body = readFileSync(path);
  const extension = extname(path).toLowerCase();
  const gzipped =
    COMPRESSIBLE.has(extension) && body.length > 512 ? gzipSync(body, { level: 9 }) : null;
  return {
    body,
    gzipped,
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}
