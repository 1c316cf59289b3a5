/** One event of a `text/event-stream` body (the fields this protocol uses). */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * The events of an SSE body as they arrive: lines split on CRLF, LF or CR, `data:` lines of
 * one event joined with `\n`, comments skipped, an event dispatched at its blank line (one
 * without a blank line at the end of the body is dropped, as the SSE spec says).
 */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const reader = new EventReader();
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    yield* reader.push(decoder.decode(bytes, { stream: true }), false);
  }
  yield* reader.push(decoder.decode(), true);
}

class EventReader {
  private buffer = '';
  private data: string[] = [];
  private event = '';

  *push(text: string, end: boolean): Generator<ServerSentEvent> {
    this.buffer += text;
    let newline: RegExpExecArray | null;
    while ((newline = /\r\n|\r|\n/.exec(this.buffer))) {
      // A CR at the very end may be the first half of a CRLF still on its way.
      if (!end && newline[0] === '\r' && newline.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, newline.index);
      this.buffer = this.buffer.slice(newline.index + newline[0].length);
      const event = this.line(line);
      if (event) yield event;
    }
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      const event =
        this.data.length > 0
          ? { event: this.event || 'message', data: this.data.join('\n') }
          : null;
      this.data = [];
      this.event = '';
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    return null;
  }
}
