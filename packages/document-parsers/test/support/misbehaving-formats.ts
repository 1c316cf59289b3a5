// Loaded inside parse workers through `extraFormats`: parsers that fail the way a bad file
// can make pdf.js fail, to check that the failure stays with that file.
import type { ExtraFormatHandlers } from '../../src';

export const formatHandlers: ExtraFormatHandlers = {
  'application/x-test-hang': () => {
    for (;;) {
      // A synchronous loop: only terminating the thread stops it.
    }
  },
  'application/x-test-oom': () => {
    const hoard: number[][] = [];
    for (;;) hoard.push(Array.from({ length: 1_000_000 }, (_, i) => i + hoard.length));
  },
  'application/x-test-crash': () => process.exit(3),
  'application/x-test-throw': () => {
    throw new Error('parser bug');
  },
  'application/x-test-echo': (bytes) => ({
    pages: [{ pageNum: 1, blocks: [{ kind: 'paragraph', text: new TextDecoder().decode(bytes) }] }],
  }),
};
