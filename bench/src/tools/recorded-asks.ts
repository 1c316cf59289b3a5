import { readFileSync } from 'node:fs';
import type { AnswerRequest, Passage } from '@docent/answerers';

/** One answerer request as `BENCH_RECORD` wrote it (vectors and extras in base64). */
export interface RecordedAsk {
  minEvidence?: number;
  question: string;
  standaloneQuestion: string;
  questionVector?: string;
  passages: Array<Omit<Passage, 'extras'> & { extras?: string }>;
  termCounts?: { chunks: number; byWord: Array<[string, number]> };
}

const floats = (b64: string) => {
  const bytes = Buffer.from(b64, 'base64');
  return new Float32Array(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
};

export function decodeRecordedAsk(r: RecordedAsk): AnswerRequest {
  return {
    question: r.question,
    standaloneQuestion: r.standaloneQuestion,
    ...(r.questionVector && { questionVector: floats(r.questionVector) }),
    history: [],
    passages: r.passages.map((p) => ({
      ...p,
      extras: p.extras ? new Uint8Array(Buffer.from(p.extras, 'base64')) : undefined,
    })),
    ...(r.termCounts && {
      termCounts: { chunks: r.termCounts.chunks, byWord: new Map(r.termCounts.byWord) },
    }),
  };
}

/** A recording's asks by question, in the order they were asked. */
export function readRecording(file: string): Map<string, RecordedAsk[]> {
  const queue = new Map<string, RecordedAsk[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as RecordedAsk;
    queue.set(r.question, [...(queue.get(r.question) ?? []), r]);
  }
  return queue;
}
