import { defineConnector, SDK_VERSION, type SpecSchema } from '@docent/connector-sdk';
import { DriveConnector } from './drive-connector';
import { DEFAULT_DRIVE_API_URL, type DriveSpec } from './drive-spec';
import { identifyGoogleUser } from './google-identity';

/** The spec's shape; `validateDriveSpec` adds what a schema cannot say. */
export const DRIVE_SPEC_SCHEMA: SpecSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'A Google Drive, or the folders of one name in it.',
  properties: {
    token: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      nullable: true,
      description: "OAuth access token; omit to use the account's connection. Never echoed back.",
    },
    folder_name: {
      type: 'string',
      minLength: 1,
      maxLength: 1024,
      nullable: true,
      description: 'Every folder of exactly this name, recursively; omitted means the whole drive.',
    },
  },
};

/** Google Drive API v3: My Drive and shared drives. */
export const driveDescriptor = defineConnector<DriveSpec>({
  sdkVersion: SDK_VERSION,
  type: 'DRIVE',
  title: 'Google Drive',
  description: 'A Google Drive, or every folder of one name in it, with shared drives.',
  specSchema: DRIVE_SPEC_SCHEMA,
  secretFields: ['token'],
  authModes: ['bearer', 'oauth'],
  oauth: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    scopes: ['https://www.googleapis.com/auth/drive.readonly'],
    authorizeParams: { access_type: 'offline', prompt: 'consent' },
    // Only Google documents PKCE for this flow.
    pkce: true,
    tokenRequest: 'form',
    identify: identifyGoogleUser,
  },
  // Drive titles are file names.
  documentNames: 'file',
  links: { pageLinks: false },
  ui: {
    help: 'Leave the token empty to use the connected Google account.',
    fields: {
      folder_name: {
        label: 'Folder name',
        help: 'Every folder of exactly this name; empty for the whole drive.',
      },
      token: { label: 'Access token' },
    },
  },
  endpoints: {
    driveApiUrl: { env: 'DOCENT_DRIVE_API_URL', default: DEFAULT_DRIVE_API_URL },
  },
  createConnector: ({ endpoints }) => new DriveConnector({ apiUrl: endpoints.driveApiUrl }),
});
