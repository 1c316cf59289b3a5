import type { EnqueueOptions } from './types';

export interface EnqueueRequest {
  jobId: string;
  delayMs: number;
  /** The fairness group; `''` when none was given. */
  group: string;
  /** The payload as JSON: every driver stores and hands over exactly what survives JSON. */
  payloadJson: string;
}

/** A group names a tenant (an account id), not data: kept short, it costs little per job. */
const MAX_GROUP_LENGTH = 200;

/** Validates what every driver needs from an `enqueue()` call. */
export function parseEnqueueRequest(payload: unknown, options: EnqueueOptions): EnqueueRequest {
  const { jobId, delayMs = 0, group = '' } = options;
  if (typeof jobId !== 'string' || jobId.length === 0) {
    throw new Error('enqueue() needs a non-empty jobId');
  }
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    throw new Error(`enqueue(): delayMs must be a number >= 0, got ${delayMs}`);
  }
  if (typeof group !== 'string' || group.length > MAX_GROUP_LENGTH) {
    throw new Error(`enqueue(): group must be a string of at most ${MAX_GROUP_LENGTH} characters`);
  }
  const payloadJson = JSON.stringify(payload === undefined ? null : payload);
  if (payloadJson === undefined) {
    throw new Error(`enqueue(): the payload of job ${jobId} is not JSON-serializable`);
  }
  return { jobId, delayMs, group, payloadJson };
}

export function parsePayload(payloadJson: string): unknown {
  return JSON.parse(payloadJson) as unknown;
}
