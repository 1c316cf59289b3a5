export { startFakeDrive } from './start-fake-drive';
export type * from './fake-drive-types';
export { GOOGLE_MIME, EXPORT_TARGETS, EXPORT_LIMIT_BYTES } from './drive-mime-types';
export { compileDriveQuery, type DriveQueryView } from './query/drive-query-evaluator';
export { DriveQueryError } from './query/drive-query-error';
export { parseFieldMask, applyFieldMask, FieldMaskError, type FieldMask } from './field-mask';
