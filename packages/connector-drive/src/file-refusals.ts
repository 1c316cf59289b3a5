import { DocumentError } from '@docent/connector-sdk';

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
export const FILE_REFUSALS: Readonly<Record<string, string>> = {
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
