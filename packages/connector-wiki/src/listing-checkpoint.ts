import { type CheckpointCodec, checkpointCodec, isJsonObject } from '@docent/connector-sdk';

/** Where a listing resumes: the next URL (Cloud cursors) or the next offset (Data Center). */
export type ListingPosition = { url: string } | { start: number };

/** Position stored in a checkpoint; `done` once the last batch was yielded. */
export type CheckpointPosition = ListingPosition | 'done';

/**
 * `{v:1, source, position}`. A stored URL must start with `allowedUrlPrefix` (the API base): a
 * tampered checkpoint must not send the credentials to another host.
 */
export function listingCheckpoints(
  sourceKey: string,
  allowedUrlPrefix: string,
): CheckpointCodec<CheckpointPosition> {
  return checkpointCodec<CheckpointPosition>({
    source: sourceKey,
    version: 1,
    write: (position) => ({ position }),
    read: ({ position }) => {
      if (position === 'done') return 'done';
      if (!isJsonObject(position)) return undefined;
      const { url, start } = position;
      if (typeof url === 'string') {
        return url.startsWith(`${allowedUrlPrefix}/`) ? { url } : undefined;
      }
      return typeof start === 'number' && Number.isInteger(start) && start >= 0
        ? { start }
        : undefined;
    },
  });
}
