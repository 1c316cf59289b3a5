/** Where a listing resumes: the next URL (Cloud cursors) or the next offset (Data Center). */
export type ListingPosition = { url: string } | { start: number };

/** Position stored in a checkpoint; `done` once the last batch was yielded. */
export type CheckpointPosition = ListingPosition | 'done';

interface CheckpointPayload {
  v: 1;
  /** The selection it belongs to (source key): a checkpoint of another source is ignored. */
  source: string;
  position: CheckpointPosition;
}

export function encodeCheckpoint(source: string, position: CheckpointPosition): string {
  const payload: CheckpointPayload = { v: 1, source, position };
  return JSON.stringify(payload);
}

/**
 * The position in a checkpoint of this source, or undefined when it cannot be used. A URL must
 * start with `allowedUrlPrefix` (the API base): a tampered checkpoint must not send the
 * credentials to another host.
 */
export function decodeCheckpoint(
  checkpoint: string,
  source: string,
  allowedUrlPrefix: string,
): CheckpointPosition | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(checkpoint);
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { v, source: owner, position } = payload as Partial<CheckpointPayload>;
  if (v !== 1 || owner !== source) return undefined;
  if (position === 'done') return 'done';
  if (typeof position !== 'object' || position === null) return undefined;
  if ('url' in position && typeof position.url === 'string') {
    return position.url.startsWith(`${allowedUrlPrefix}/`) ? { url: position.url } : undefined;
  }
  if ('start' in position && Number.isInteger(position.start) && position.start >= 0) {
    return { start: position.start };
  }
  return undefined;
}
