// The API's JSON as the UI reads it: the raw wire types `pnpm generate` writes from
// openapi/openapi.yaml (date-times stay strings), under the names the UI uses.

export type {
  Account,
  AccountSession as SessionResponse,
  ApiKey,
  AskResponse,
  BrowserSession,
  Collection,
  Connection,
  Connector,
  CreatedApiKey,
  Document as DocumentRecord,
  DocumentList as DocumentPage,
  Ingestion,
  IngestionFailure as IngestionNote,
  IngestionProgress,
  IngestionStatus,
  Reference,
  PasswordChanged,
  Schedule,
  ScheduleStatus,
  SessionList,
  SessionsEnded,
  SignUpAccepted,
} from '@docent/contract/wire';
