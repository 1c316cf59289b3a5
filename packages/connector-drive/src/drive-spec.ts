import {
  type AuthMode,
  type FieldIssue,
  readSpecFields,
  type SpecValidation,
} from '@docent/connector-sdk';

/** The DRIVE source spec: a folder name selects folders; without one, the whole drive. */
export interface DriveSpec {
  /** An OAuth access token; absent: the account's connection. */
  token?: string;
  /** Every folder of exactly this name, recursively. */
  folder_name?: string;
}

export const DEFAULT_DRIVE_API_URL = 'https://www.googleapis.com';

/** Checks types, drops nulls; the folder name is kept exactly as given (it is matched exactly). */
export function validateDriveSpec(raw: unknown): SpecValidation<DriveSpec> {
  const fields = readSpecFields(raw);
  if (!fields.ok) return fields;
  const { input, errors, token } = fields;
  const spec: DriveSpec = token === undefined ? {} : { token };
  const folderName = optionalString(input, 'folder_name', errors);
  if (folderName !== undefined) {
    if (folderName.trim() === '') {
      errors.push({
        field: 'spec.folder_name',
        message: 'must not be blank; omit it for the whole drive',
      });
    } else {
      spec.folder_name = folderName;
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, spec };
}

function optionalString(
  input: Record<string, unknown>,
  field: string,
  errors: FieldIssue[],
): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  errors.push({ field: `spec.${field}`, message: 'must be a string' });
  return undefined;
}

/** A token in the spec is a Bearer access token; otherwise the account's OAuth connection. */
export function driveAuthMode(spec: DriveSpec): AuthMode {
  return spec.token !== undefined ? 'bearer' : 'oauth';
}

/** Same API + same selection = same source; never includes the token. */
export function driveSourceKey(spec: DriveSpec, apiBase: string): string {
  const selection = spec.folder_name !== undefined ? `folder=${spec.folder_name}` : 'all';
  return `drive:${apiBase}#${selection}`;
}

/** `DOCENT_DRIVE_API_URL` as the service passes it, else the connector's; no trailing slash. */
export function driveApiBase(
  endpoints: Readonly<Record<string, string>>,
  fallback: string,
): string {
  return (endpoints.driveApiUrl ?? fallback).replace(/\/+$/, '');
}
