import type {
  AuthMode,
  ConnectorContext,
  SourceConnector,
  SourceSession,
  SpecValidation,
} from '@docent/connector-sdk';
import { DEFAULT_MAX_FILE_BYTES } from './file-plan';
import { DriveSession } from './drive-session';
import {
  DEFAULT_DRIVE_API_URL,
  driveApiBase,
  driveAuthMode,
  driveSourceKey,
  type DriveSpec,
  validateDriveSpec,
} from './drive-spec';

export interface DriveConnectorOptions {
  /**
   * The API base named in source keys, and used when the service passes no
   * `endpoints.driveApiUrl` (default `https://www.googleapis.com`).
   */
  apiUrl?: string;
  /** Larger uploads are skipped with a failure item (default 100 MiB). */
  maxFileBytes?: number;
}

/** Google Drive's behaviour (its descriptor is `driveDescriptor`): Google Drive API v3, My Drive and shared drives. */
export class DriveConnector implements SourceConnector<DriveSpec> {
  private readonly apiUrl: string;
  private readonly maxFileBytes: number;

  constructor(options: DriveConnectorOptions = {}) {
    this.apiUrl = (options.apiUrl ?? DEFAULT_DRIVE_API_URL).replace(/\/+$/, '');
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  validateSpec(spec: unknown): SpecValidation<DriveSpec> {
    return validateDriveSpec(spec);
  }

  authModeFor(spec: DriveSpec): AuthMode {
    return driveAuthMode(spec);
  }

  sourceKey(spec: DriveSpec): string {
    return driveSourceKey(spec, this.apiUrl);
  }

  sourceUrls(_spec: DriveSpec, endpoints: Readonly<Record<string, string>>): string[] {
    return [driveApiBase(endpoints, this.apiUrl)];
  }

  open(context: ConnectorContext<DriveSpec>): Promise<SourceSession> {
    return Promise.resolve(
      new DriveSession(context, {
        apiBase: driveApiBase(context.endpoints, this.apiUrl),
        maxFileBytes: this.maxFileBytes,
        sourceKey: this.sourceKey(context.spec),
      }),
    );
  }
}

export const driveConnector = new DriveConnector();
