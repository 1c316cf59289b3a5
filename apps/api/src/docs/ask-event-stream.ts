import type { Response } from 'express';

/**
 * A streamed ask as Server-Sent Events: headers (with the retrieval time as `Server-Timing`)
 * once retrieval is done, then `event: <name>` / `data: <JSON>` events. Every event is written
 * at once (no buffering proxy is asked to hold it: `X-Accel-Buffering: no`).
 */
export class AskEventStream {
  constructor(private readonly res: Response) {}

  get started(): boolean {
    return this.res.headersSent;
  }

  start(retrievalMs: number): void {
    if (this.res.headersSent) return;
    this.res.req.socket.setNoDelay(true);
    this.res.status(200);
    this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    this.res.setHeader('Cache-Control', 'no-cache, no-transform');
    this.res.setHeader('X-Accel-Buffering', 'no');
    this.res.setHeader('Server-Timing', `retrieval;dur=${retrievalMs.toFixed(1)}`);
    this.res.flushHeaders();
  }

  send(event: 'refs' | 'delta' | 'done' | 'error', data: unknown): void {
    if (this.res.writableEnded || this.res.destroyed) return;
    this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}
