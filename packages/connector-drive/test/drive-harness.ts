import { openTestSession, type TestSessionOptions } from '@docent/connector-sdk/testing';
import { DriveConnector } from '../src';

export {
  checkpoints,
  collect,
  documentIds,
  documents,
  failures,
  readBytes,
  rejection,
} from '@docent/connector-sdk/testing';

export interface HarnessOptions extends TestSessionOptions {
  maxFileBytes?: number;
}

/** A DRIVE session on the real SDK HTTP client; waits recorded, never slept. */
export async function openDriveSession(
  rawSpec: Record<string, unknown>,
  { maxFileBytes, ...options }: HarnessOptions = {},
) {
  const connector = new DriveConnector(maxFileBytes === undefined ? {} : { maxFileBytes });
  return { ...(await openTestSession(connector, rawSpec, options)), connector };
}
