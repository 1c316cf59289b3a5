import { DocumentError, type HttpResponse, SourceError } from '@docent/connector-sdk';
import { isRateLimitReason, readGoogleError } from './google-error';

/**
 * What a request was about, which decides what a failure means: a listing failure stops the
 * ingestion, a refusal about one file only skips that file.
 */
export type RequestScope =
  { kind: 'listing' } | { kind: 'file'; fileId: string; fileName?: string; exporting?: boolean };

/** Drive refused one file for a reason of its own; the ingestion goes on without it. */
export class DriveFileRefusal extends DocumentError {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'DriveFileRefusal';
  }
}

/** 403 reasons that concern one file, with what to tell the user. */
const FILE_REFUSALS: Record<string, string> = {
  fileNotDownloadable: 'Google Drive has no downloadable content for this file',
  cannotDownloadFile: 'the owner does not let viewers download, print or copy this file',
  cannotExportFile: 'the owner does not let viewers download, print or copy this file',
  exportSizeLimitExceeded: 'too large to export: Google exports at most 10 MB',
  insufficientFilePermissions: 'these credentials may not read this file',
  domainPolicy: "the file owner's domain policy does not allow this app to read it",
  appNotAuthorizedToFile: 'this app is not authorized to open this file',
  cannotDownloadAbusiveFile: 'Google flagged this file as abusive; it is not downloaded',
  fileNotExportable: 'Google Drive cannot export this file',
};

/** Maps a non-2xx Drive answer to the error the service understands. Messages carry no secrets. */
export async function failureFor(response: HttpResponse, scope: RequestScope): Promise<Error> {
  const { status } = response;
  // Read every error body: it frees the keep-alive socket and names the reason.
  const text = await response.text().catch(() => '');
  const { reasons, message } = readGoogleError(text);
  const details = { status };
  const said = `HTTP ${status}${reasons[0] ? ` ${reasons[0]}` : ''}${message ? `: ${message}` : ''}`;

  if (status === 401) {
    return new SourceError(
      'source_auth_failed',
      `Google Drive rejected the credentials (${said}); the access token is invalid or expired`,
      details,
    );
  }
  if (status === 429 || (status === 403 && isRateLimitReason(reasons))) {
    return new SourceError(
      'source_rate_limited',
      `Google Drive kept throttling the requests after retries (${said})`,
      details,
    );
  }
  if (scope.kind === 'file') {
    const name = scope.fileName === undefined ? `file ${scope.fileId}` : `"${scope.fileName}"`;
    if (status === 404) {
      return new SourceError(
        'source_not_found',
        `${name} no longer exists or is no longer shared with these credentials`,
        details,
      );
    }
    const refusal = reasons.find((reason) => reason in FILE_REFUSALS);
    if (status === 403 && refusal !== undefined) {
      return new DriveFileRefusal(refusal, `${FILE_REFUSALS[refusal]} (${refusal})`);
    }
    // Large exports sometimes fail with 500 for good: one file must not stop the ingestion.
    if (status === 500 && scope.exporting) {
      return new DriveFileRefusal('exportFailed', `Google Drive could not export it (${said})`);
    }
  }
  if (status === 403) {
    return new SourceError(
      'source_auth_failed',
      `Google Drive refused access (${said}); check the token's scopes (drive.readonly)`,
      details,
    );
  }
  if (status === 404) {
    return new SourceError('source_not_found', `Google Drive answered ${said}`, details);
  }
  if (status >= 500) {
    return new SourceError(
      'source_unreachable',
      `Google Drive answered ${said} after retries`,
      details,
    );
  }
  return new SourceError('internal', `Google Drive refused the request (${said})`, details);
}
