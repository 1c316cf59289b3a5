import { createHash } from 'node:crypto';
import { newIngestionId, ulid } from '@docent/ingestion';

/** `sch_` + a ULID: time-ordered, so schedule lists page by id alone. */
export function newScheduleId(now: number = Date.now()): string {
  return `sch_${ulid(now)}`;
}

/**
 * The ingestion id of a schedule's run due at `due`: the same whoever fires it, so its job id
 * (`ingest-<ingestion_id>`) is too, and a run recorded or queued twice is one run.
 */
export function scheduledRunId(scheduleId: string, due: Date): string {
  const entropy = createHash('sha256').update(`${scheduleId}@${due.toISOString()}`).digest();
  return newIngestionId(due.getTime(), entropy);
}

/**
 * What a schedule's sealed credentials are bound to: its collection and source, which are
 * unique, so a sealed value copied onto another schedule or ingestion does not open.
 */
export function scheduleSecretContext(collectionId: string, sourceKey: string): string {
  return `schedule:${collectionId}:${sourceKey}`;
}
