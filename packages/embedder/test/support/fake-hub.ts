import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';

export interface FakeHub {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
}

/**
 * A Hugging Face-like hub on loopback that serves the folders of `modelsDir` at
 * `/<model id>/resolve/main/<file>` and records every request.
 */
export async function startFakeHub(modelsDir: string): Promise<FakeHub> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = decodeURIComponent(request.url ?? '');
    requests.push(url);
    const match = /^\/(.+?)\/resolve\/main\/(.+)$/.exec(url);
    const file = match ? path.join(modelsDir, match[1]!, match[2]!) : '';
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end('Entry not found');
      return;
    }
    response.writeHead(200, {
      'Content-Length': statSync(file).size,
      'Content-Type': 'application/octet-stream',
    });
    createReadStream(file).pipe(response);
  });
  const url = await listen(server);
  return { url, requests, close: () => close(server) };
}

/** A loopback URL where nothing listens: connections are refused at once. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await close(server);
  return url;
}
