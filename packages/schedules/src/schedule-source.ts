import type { SecretBox } from '@docent/credentials-vault';
import type { SourceToIngest } from '@docent/ingestion';
import type { ScheduleRecord } from '@docent/metadata-store';
import { scheduleSecretContext } from './schedule-ids';

/**
 * The schedule's source with its sealed credentials opened, as each run ingests it; null when
 * they no longer open (the secret key changed).
 */
export function scheduleSource(
  schedule: ScheduleRecord,
  secrets: SecretBox,
): SourceToIngest | null {
  let opened: Record<string, unknown> | null = null;
  if (schedule.secrets) {
    try {
      opened = secrets.openJson(
        schedule.secrets,
        scheduleSecretContext(schedule.collectionId, schedule.sourceKey),
      );
    } catch {
      return null;
    }
  }
  return {
    accountId: schedule.accountId,
    collectionId: schedule.collectionId,
    type: schedule.type,
    spec: schedule.spec,
    secrets: opened,
    sourceKey: schedule.sourceKey,
    usesConnection: schedule.usesConnection,
  };
}

/** Why a schedule's stored credentials cannot be used any more, and what to do. */
export const CREDENTIALS_UNAVAILABLE =
  'The stored credentials can no longer be read (was DOCENT_SECRET_KEY changed?). Give the token again: create_ingestion with this source and schedule.';
