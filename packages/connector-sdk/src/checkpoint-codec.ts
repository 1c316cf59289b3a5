/**
 * Checkpoints past this size are not stored: a connector then checkpoints less often (or
 * stores less) rather than writing a huge row on every listing page.
 */
export const MAX_CHECKPOINT_CHARS = 64 * 1024;

export interface CheckpointCodecOptions<T> {
  /**
   * Identifies the listing (the source key, or a hash of it): a checkpoint of another
   * selection is refused, so the listing starts over instead of resuming someone else's.
   */
  source: string;
  /** Bump it when the state's shape changes: older checkpoints are then refused. */
  version: number;
  /** The state as the JSON fields stored next to `v` and `source`. */
  write(state: T): Record<string, unknown>;
  /**
   * The state in stored fields, or undefined when they are damaged or untrustworthy: a
   * checkpoint is input, so check every id and never trust a stored URL blindly.
   */
  read(fields: Record<string, unknown>): T | undefined;
  /** Default `MAX_CHECKPOINT_CHARS`. */
  maxChars?: number;
}

/** Turns a connector's listing state into the opaque checkpoint string and back. */
export interface CheckpointCodec<T> {
  /** The checkpoint, or undefined when it would exceed the size cap. */
  encode(state: T): string | undefined;
  /** The state of a checkpoint of this listing and version; undefined for anything else. */
  decode(checkpoint: string): T | undefined;
}

/** The envelope every connector's checkpoint shares: `{"v":1,"source":"…",…state fields}`. */
export function checkpointCodec<T>(options: CheckpointCodecOptions<T>): CheckpointCodec<T> {
  const maxChars = options.maxChars ?? MAX_CHECKPOINT_CHARS;
  return {
    encode(state) {
      const fields = options.write(state);
      if ('v' in fields || 'source' in fields) {
        throw new Error('checkpoint state fields may not be named v or source');
      }
      const text = JSON.stringify({ v: options.version, source: options.source, ...fields });
      return text.length <= maxChars ? text : undefined;
    },
    decode(checkpoint) {
      let payload: unknown;
      try {
        payload = JSON.parse(checkpoint);
      } catch {
        return undefined;
      }
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
        return undefined;
      }
      const { v, source, ...fields } = payload as Record<string, unknown>;
      if (v !== options.version || source !== options.source) return undefined;
      return options.read(fields);
    },
  };
}

/** A plain JSON object (not an array, not null): for `read` to check nested state with. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
