import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { type LookupFunction } from 'node:net';
import { RequestAbortedError } from './abort-error';
import { hostnameOf } from './ssrf-guard';
import type { HttpMethod } from './types';

export interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/** One request/response exchange with one URL: no redirects, no retries. */
export interface Hop {
  method: HttpMethod;
  url: URL;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export interface HopContext {
  agents: Agents;
  lookup: LookupFunction;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/** Headers took too long, or the body stalled between two chunks. */
export class ResponseTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(timeoutMs: number) {
    super(`response timed out (no data for ${timeoutMs} ms)`);
    this.name = 'ResponseTimeoutError';
  }
}

/**
 * Sends one hop and resolves once the response headers arrive. The timeout and the abort
 * signal keep watching while the body streams: they destroy the response with their error.
 */
export function sendHop(hop: Hop, ctx: HopContext): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (ctx.signal?.aborted) {
      reject(new RequestAbortedError(ctx.signal.reason));
      return;
    }
    const secure = hop.url.protocol === 'https:';
    const request = (secure ? https : http).request({
      protocol: hop.url.protocol,
      hostname: hostnameOf(hop.url),
      port: hop.url.port === '' ? undefined : Number(hop.url.port),
      path: `${hop.url.pathname}${hop.url.search}`,
      method: hop.method,
      headers: hop.headers,
      agent: secure ? ctx.agents.https : ctx.agents.http,
      lookup: ctx.lookup,
    });

    let response: IncomingMessage | undefined;
    const fail = (err: Error): void => {
      response?.destroy(err);
      request.destroy(err);
    };
    const onAbort = (): void => fail(new RequestAbortedError(ctx.signal?.reason));
    const stopWatching = (): void => ctx.signal?.removeEventListener('abort', onAbort);
    ctx.signal?.addEventListener('abort', onAbort, { once: true });

    request.setTimeout(ctx.timeoutMs, () => fail(new ResponseTimeoutError(ctx.timeoutMs)));
    request.on('error', (err) => {
      stopWatching();
      reject(err); // no-op once resolved; the response carries the error then
    });
    request.on('response', (message) => {
      response = message;
      // Whoever reads the body sees errors through it; until then, an error must not crash.
      message.on('error', () => undefined);
      message.on('close', stopWatching);
      resolve(message);
    });
    request.end(hop.body);
  });
}
