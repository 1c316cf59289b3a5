import { serverSentEvents } from '../src';

function body(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

async function events(parts: string[]) {
  const out = [];
  for await (const event of serverSentEvents(body(parts))) out.push(event);
  return out;
}

describe('serverSentEvents', () => {
  it('reads events split anywhere across chunks, with LF, CRLF or CR line ends', async () => {
    expect(
      await events(['data: {"a"', ':1}\n\nda', 'ta: [DONE]\r', '\n\r\n', 'data:x\r\r']),
    ).toEqual([
      { event: 'message', data: '{"a":1}' },
      { event: 'message', data: '[DONE]' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('joins data lines, keeps the event name, skips comments, drops an unterminated event', async () => {
    expect(
      await events([': keep-alive\n\nevent: error\ndata: one\ndata: two\n\ndata: cut off']),
    ).toEqual([{ event: 'error', data: 'one\ntwo' }]);
  });
});
