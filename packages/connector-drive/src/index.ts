export { DriveConnector, driveConnector, type DriveConnectorOptions } from './drive-connector';
export { type DriveSpec, DEFAULT_DRIVE_API_URL } from './drive-spec';
export { DEFAULT_MAX_FILE_BYTES } from './file-plan';
export { DriveFileRefusal } from './file-refusals';
export { driveDescriptor, DRIVE_SPEC_SCHEMA } from './drive-descriptor';
