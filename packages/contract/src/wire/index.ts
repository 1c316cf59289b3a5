/* tslint:disable */
/* eslint-disable */
/**
 * 
 * @export
 * @interface Account
 */
export interface Account {
    /**
     * 
     */
    email: string;
    /**
     * 
     */
    created_at: string;
}
/**
 * 
 * @export
 * @interface AccountSession
 */
export interface AccountSession {
    /**
     * 
     */
    account: Account;
    /**
     * Send it as `X-CSRF-Token` on every POST authenticated by the session cookie.
     */
    csrf_token: string;
}
/**
 * 
 * @export
 * @interface ApiKey
 */
export interface ApiKey {
    /**
     * 
     */
    id: string;
    /**
     * The first characters of a generated key, to tell keys apart; empty for a key from
     * DOCENT_BOOTSTRAP_API_KEYS (none of its characters is stored).
     * 
     */
    prefix: string;
    /**
     * 
     */
    scope: ApiKeyScopeEnum;
    /**
     * 
     */
    label: string | null;
    /**
     * 
     */
    created_at: string;
    /**
     * 
     */
    last_used_at: string | null;
}


/**
 * @export
 */
export const ApiKeyScopeEnum = {
    Standard: 'standard',
    Admin: 'admin',
} as const;
export type ApiKeyScopeEnum = typeof ApiKeyScopeEnum[keyof typeof ApiKeyScopeEnum];

/**
 * 
 * @export
 * @interface ApiKeyList
 */
export interface ApiKeyList {
    /**
     * 
     */
    api_keys: Array<ApiKey>;
}

/**
 * `admin` keys may also create and revoke keys; default `standard`.
 * @export
 */
export const ApiKeyScope = {
    Standard: 'standard',
    Admin: 'admin',
} as const;
export type ApiKeyScope = typeof ApiKeyScope[keyof typeof ApiKeyScope];

/**
 * 
 * @export
 * @interface AskRequest
 */
export interface AskRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * 
     */
    question: string;
    /**
     * Maximum number of references (default 5).
     */
    top_k?: number | null;
    /**
     * Answer from this document only; null or omitted means the whole collection.
     */
    doc_name?: string | null;
    /**
     * Earlier exchanges, oldest first; used to resolve follow-up questions.
     */
    history_messages?: Array<HistoryMessage> | null;
    /**
     * True: answer with Server-Sent Events (see the operation). False: JSON even when the
     * `Accept` header prefers `text/event-stream`. Null or omitted: as `Accept` says
     * (JSON unless it prefers `text/event-stream`).
     * 
     */
    stream?: boolean | null;
    /**
     * Keep `[n]` citation markers in `answer`, numbered so that `[n]` is `refs[n-1]`.
     * Null or omitted: on with an answerer that writes its own text
     * (`DOCENT_ANSWERER=openai`), off with the default answerer, which quotes a sentence
     * verbatim and, when asked, marks it `[1]` at its end.
     * 
     */
    citations?: boolean | null;
}
/**
 * 
 * @export
 * @interface AskResponse
 */
export interface AskResponse {
    /**
     * Plain-text answer. With the default (extractive) answerer, the sentence of the
     * collection that answers the question, quoted verbatim without markup (list and task
     * markers, panel and expand titles, table pipes; a table row reads `header: cell`);
     * when nothing in the collection answers it, a fixed "not found" sentence and `found`
     * is false. With `DOCENT_ANSWERER=openai`, the model's words with inline `[n]`
     * markers (unless `citations` is false), `[n]` being `refs[n-1]`; a marker that
     * names no passage it was given is dropped.
     * 
     */
    answer: string;
    /**
     * False when the collection does not answer the question: `answer` then says so,
     * `short_answer` is null and `refs` is empty.
     * 
     */
    found: boolean;
    /**
     * When the question asks for a thing (a number, date, time, name, identifier, place),
     * the words of `answer` that give it, verbatim; null otherwise or when not found.
     * 
     */
    short_answer: string | null;
    /**
     * The references the answer was derived from, best first: at most `top_k`, and fewer when the others fall below the relevance floor. When `found`, `refs[0]` is the passage the answer quotes (its `highlight` marks the sentence). With an answerer that cites passages by number (`DOCENT_ANSWERER=openai`), the cited ones come first (`cited`), in the order of their markers, so `[n]` is `refs[n-1]`; a passage cited past `top_k` loses its marker. Empty when not found.
     */
    refs: Array<Reference>;
}
/**
 * 
 * @export
 * @interface AskStreamCitation
 */
export interface AskStreamCitation {
    /**
     * The `n` of `[n]` in the text.
     */
    marker: number;
    /**
     * Index of its reference in the `refs` event's list.
     */
    ref: number;
}
/**
 * A `delta` event of a streamed ask: the next piece of `answer`. The pieces of a found
 * answer add up to the `done` event's `answer`.
 * 
 * @export
 * @interface AskStreamDelta
 */
export interface AskStreamDelta {
    /**
     * 
     */
    text: string;
    /**
     * The markers this piece uses for the first time, with the reference each one opens.
     */
    citations: Array<AskStreamCitation>;
}
/**
 * The `refs` event of a streamed ask: the references known when answering starts. With
 * the default answerer, the final refs; with one that writes its own text, the passages
 * it reads, in the order it reads them (none `cited` yet). `AskStreamDelta.citations`
 * point into this list; the `done` event's `refs` are the final ones.
 * 
 * @export
 * @interface AskStreamRefs
 */
export interface AskStreamRefs {
    /**
     * 
     */
    refs: Array<Reference>;
}
/**
 * 
 * @export
 * @interface AuthorizeConnectionRequest
 */
export interface AuthorizeConnectionRequest {
    /**
     * A source type: one `GET /connectors` lists. Built in: `WIKI` (a Confluence Cloud or Data
     * Center site), `DRIVE` (a Google Drive), `PAGES` (a Notion workspace); a deployment adds
     * more with `DOCENT_CONNECTORS`, so clients must expect other values.
     * 
     */
    type: string;
}
/**
 * 
 * @export
 * @interface BrowserSession
 */
export interface BrowserSession {
    /**
     * The log-in.
     */
    created_at: string;
    /**
     * 
     */
    last_seen_at: string;
    /**
     * 14 days after the last use, at most 30 days after the log-in.
     */
    expires_at: string;
    /**
     * 
     */
    user_agent: string | null;
    /**
     * 
     */
    client_address: string | null;
    /**
     * The session making this request.
     */
    current: boolean;
}
/**
 * 
 * @export
 * @interface ChangePasswordRequest
 */
export interface ChangePasswordRequest {
    /**
     * 
     */
    current_password: string;
    /**
     * 10 to 1024 characters, not a common password.
     */
    new_password: string;
}
/**
 * 
 * @export
 * @interface Collection
 */
export interface Collection {
    /**
     * 
     */
    collection_name: string;
    /**
     * 
     */
    document_count: number;
    /**
     * 
     */
    chunk_count: number;
    /**
     * 
     */
    created_at: string;
    /**
     * 
     */
    updated_at: string;
}
/**
 * 
 * @export
 * @interface CollectionList
 */
export interface CollectionList {
    /**
     * 
     */
    collections: Array<Collection>;
    /**
     * 
     */
    next_cursor: string | null;
}
/**
 * 
 * @export
 * @interface CollectionLocator
 */
export interface CollectionLocator {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
}
/**
 * 
 * @export
 * @interface Connection
 */
export interface Connection {
    /**
     * A source type: one `GET /connectors` lists. Built in: `WIKI` (a Confluence Cloud or Data
     * Center site), `DRIVE` (a Google Drive), `PAGES` (a Notion workspace); a deployment adds
     * more with `DOCENT_CONNECTORS`, so clients must expect other values.
     * 
     */
    type: string;
    /**
     * 
     */
    connected_at: string;
    /**
     * When the access token expires (it is refreshed before); null when it does not.
     */
    expires_at: string | null;
    /**
     * Whom the connection acts for (Atlassian sites, Google email, Notion workspace).
     */
    account_label: string | null;
    /**
     * The sites the connection can read, for a source that has several (the Confluence
     * sites an Atlassian connection was granted: a WIKI ingestion through it names one as
     * `spec.url`); empty for the others.
     * 
     */
    sites: Array<ConnectionSite>;
}
/**
 * 
 * @export
 * @interface ConnectionAuthorization
 */
export interface ConnectionAuthorization {
    /**
     * The provider's consent page (from a session), or a connect link on Docent (with an
     * API key) for the account's user to open in a browser logged in to the account.
     * 
     */
    authorize_url: string;
}
/**
 * 
 * @export
 * @interface ConnectionList
 */
export interface ConnectionList {
    /**
     * 
     */
    connections: Array<Connection>;
}
/**
 * 
 * @export
 * @interface ConnectionSite
 */
export interface ConnectionSite {
    /**
     * 
     */
    name: string;
    /**
     * 
     */
    url: string;
}
/**
 * 
 * @export
 * @interface Connector
 */
export interface Connector {
    /**
     * A source type: one `GET /connectors` lists. Built in: `WIKI` (a Confluence Cloud or Data
     * Center site), `DRIVE` (a Google Drive), `PAGES` (a Notion workspace); a deployment adds
     * more with `DOCENT_CONNECTORS`, so clients must expect other values.
     * 
     */
    type: string;
    /**
     * The source's name for people.
     */
    title: string;
    /**
     * 
     */
    description: string;
    /**
     * The JSON Schema (as OpenAPI 3.0 writes it: `nullable` allowed) a `spec` of this type
     * is checked against; `x-` keywords are documentation.
     * 
     */
    spec_schema: { [key: string]: any; };
    /**
     * Spec fields that are credentials, stored encrypted and echoed as `***`.
     */
    secret_fields: Array<string>;
    /**
     * `basic` and `bearer`: credentials in the spec. `oauth`: a spec without them uses the
     * account's connection (`POST /connections/authorize`).
     * 
     */
    auth_modes: Array<ConnectorAuthModesEnum>;
    /**
     * This deployment has an OAuth app for the type, so accounts can connect it.
     */
    oauth_configured: boolean;
    /**
     * How documents of this type are told apart by name: `title` gives `Runbook (2)`,
     * `file` keeps the extension last, `report (2).pdf`.
     * 
     */
    document_names: ConnectorDocumentNamesEnum;
    /**
     * 
     */
    ui: ConnectorUiHints;
}


/**
 * @export
 */
export const ConnectorAuthModesEnum = {
    Basic: 'basic',
    Bearer: 'bearer',
    Oauth: 'oauth',
} as const;
export type ConnectorAuthModesEnum = typeof ConnectorAuthModesEnum[keyof typeof ConnectorAuthModesEnum];

/**
 * @export
 */
export const ConnectorDocumentNamesEnum = {
    Title: 'title',
    File: 'file',
} as const;
export type ConnectorDocumentNamesEnum = typeof ConnectorDocumentNamesEnum[keyof typeof ConnectorDocumentNamesEnum];

/**
 * 
 * @export
 * @interface ConnectorFieldHint
 */
export interface ConnectorFieldHint {
    /**
     * 
     */
    label: string;
    /**
     * 
     */
    help?: string | null;
    /**
     * 
     */
    placeholder?: string | null;
    /**
     * A credential, typed into a password field and never shown again.
     */
    secret: boolean;
    /**
     * A list of strings given one per line.
     */
    multiline: boolean;
}
/**
 * 
 * @export
 * @interface ConnectorList
 */
export interface ConnectorList {
    /**
     * 
     */
    connectors: Array<Connector>;
}
/**
 * 
 * @export
 * @interface ConnectorUiHints
 */
export interface ConnectorUiHints {
    /**
     * A line to show above the form.
     */
    help?: string | null;
    /**
     * Spec fields in the order a form shows them, by name.
     */
    fields: { [key: string]: ConnectorFieldHint; };
}
/**
 * 
 * @export
 * @interface CreateApiKeyRequest
 */
export interface CreateApiKeyRequest {
    /**
     * 
     */
    label?: string | null;
    /**
     * 
     */
    scope?: ApiKeyScope | null;
}


/**
 * An ingestion from a connector the deployment loads with `DOCENT_CONNECTORS`: `spec`
 * follows that connector's `spec_schema` from `GET /connectors`, and is checked against it
 * with the same field errors.
 * 
 * @export
 * @interface CreateConnectorIngestionRequest
 */
export interface CreateConnectorIngestionRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * A type `GET /connectors` lists, other than the built-in ones typed above.
     */
    type: string;
    /**
     * As the connector's `spec_schema` says.
     */
    spec: { [key: string]: any; };
    /**
     * 
     */
    schedule?: IngestionSchedule | null;
}
/**
 * 
 * @export
 * @interface CreateDriveIngestionRequest
 */
export interface CreateDriveIngestionRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * 
     */
    type: CreateDriveIngestionRequestTypeEnum;
    /**
     * 
     */
    spec: DriveSpec;
    /**
     * 
     */
    schedule?: IngestionSchedule | null;
}


/**
 * @export
 */
export const CreateDriveIngestionRequestTypeEnum = {
    Drive: 'DRIVE',
} as const;
export type CreateDriveIngestionRequestTypeEnum = typeof CreateDriveIngestionRequestTypeEnum[keyof typeof CreateDriveIngestionRequestTypeEnum];

/**
 * @type CreateIngestionRequest
 * The source `type` selects the shape of `spec`: typed here for the built-in connectors,
 * any other loaded connector's `type` takes `CreateConnectorIngestionRequest`.
 * 
 * @export
 */
export type CreateIngestionRequest = { type: 'DRIVE' } & CreateDriveIngestionRequest | { type: 'PAGES' } & CreatePagesIngestionRequest | { type: 'WIKI' } & CreateWikiIngestionRequest;
/**
 * 
 * @export
 * @interface CreateIngestionResponse
 */
export interface CreateIngestionResponse {
    /**
     * Identifies the ingestion for `get_ingestion` and `cancel_ingestion`.
     */
    ingestion_id: string;
    /**
     * The schedule that re-runs this ingestion, when the request gave a `schedule`; else null.
     */
    schedule_id?: string | null;
}
/**
 * 
 * @export
 * @interface CreatePagesIngestionRequest
 */
export interface CreatePagesIngestionRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * 
     */
    type: CreatePagesIngestionRequestTypeEnum;
    /**
     * 
     */
    spec: PagesSpec;
    /**
     * 
     */
    schedule?: IngestionSchedule | null;
}


/**
 * @export
 */
export const CreatePagesIngestionRequestTypeEnum = {
    Pages: 'PAGES',
} as const;
export type CreatePagesIngestionRequestTypeEnum = typeof CreatePagesIngestionRequestTypeEnum[keyof typeof CreatePagesIngestionRequestTypeEnum];

/**
 * 
 * @export
 * @interface CreateWikiIngestionRequest
 */
export interface CreateWikiIngestionRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * 
     */
    type: CreateWikiIngestionRequestTypeEnum;
    /**
     * 
     */
    spec: WikiSpec;
    /**
     * 
     */
    schedule?: IngestionSchedule | null;
}


/**
 * @export
 */
export const CreateWikiIngestionRequestTypeEnum = {
    Wiki: 'WIKI',
} as const;
export type CreateWikiIngestionRequestTypeEnum = typeof CreateWikiIngestionRequestTypeEnum[keyof typeof CreateWikiIngestionRequestTypeEnum];

/**
 * 
 * @export
 * @interface CreatedApiKey
 */
export interface CreatedApiKey {
    /**
     * The key itself, shown this once.
     */
    key: string;
    /**
     * 
     */
    api_key: ApiKey;
}
/**
 * 
 * @export
 * @interface DeleteConnectionRequest
 */
export interface DeleteConnectionRequest {
    /**
     * A source type: one `GET /connectors` lists. Built in: `WIKI` (a Confluence Cloud or Data
     * Center site), `DRIVE` (a Google Drive), `PAGES` (a Notion workspace); a deployment adds
     * more with `DOCENT_CONNECTORS`, so clients must expect other values.
     * 
     */
    type: string;
}
/**
 * 
 * @export
 * @interface DeleteDocumentRequest
 */
export interface DeleteDocumentRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * 
     */
    doc_name: string;
}
/**
 * 
 * @export
 * @interface Deleted
 */
export interface Deleted {
    /**
     * 
     */
    deleted: boolean;
}
/**
 * 
 * @export
 * @interface Document
 */
export interface Document {
    /**
     * 
     */
    doc_name: string;
    /**
     * A source type: one `GET /connectors` lists. Built in: `WIKI` (a Confluence Cloud or Data
     * Center site), `DRIVE` (a Google Drive), `PAGES` (a Notion workspace); a deployment adds
     * more with `DOCENT_CONNECTORS`, so clients must expect other values.
     * 
     */
    source_type: string;
    /**
     * The document's id in its source.
     */
    source_id: string;
    /**
     * Where a user opens the document in its source (an absolute http(s) URL, refreshed by
     * every sync): the Confluence page or attachment, the Drive `webViewLink`, the Notion
     * page. Refs of this document link here, or to their page where the source allows.
     * 
     */
    source_url: string | null;
    /**
     * 
     */
    page_count: number;
    /**
     * 
     */
    chunk_count: number;
    /**
     * 
     */
    updated_at: string;
}
/**
 * 
 * @export
 * @interface DocumentList
 */
export interface DocumentList {
    /**
     * 
     */
    documents: Array<Document>;
    /**
     * 
     */
    next_cursor: string | null;
}
/**
 * A Google Drive, or the folders of one name in it.
 * @export
 * @interface DriveSpec
 */
export interface DriveSpec {
    /**
     * OAuth access token; omit to use the account's connection. Never echoed back.
     */
    token?: string | null;
    /**
     * Every folder of exactly this name, recursively; omitted means the whole drive.
     */
    folder_name?: string | null;
}
/**
 * 
 * @export
 * @interface Health
 */
export interface Health {
    /**
     * 
     */
    status: HealthStatusEnum;
}


/**
 * @export
 */
export const HealthStatusEnum = {
    Ok: 'ok',
} as const;
export type HealthStatusEnum = typeof HealthStatusEnum[keyof typeof HealthStatusEnum];

/**
 * @type HistoryMessage
 * One earlier exchange, as `["question", "answer"]` (canonical) or `{question, answer}`.
 * @export
 */
export type HistoryMessage = Array<string> | HistoryPair;
/**
 * 
 * @export
 * @interface HistoryPair
 */
export interface HistoryPair {
    /**
     * 
     */
    question: string;
    /**
     * 
     */
    answer: string;
}
/**
 * 
 * @export
 * @interface Ingestion
 */
export interface Ingestion {
    /**
     * 
     */
    ingestion_id: string;
    /**
     * 
     */
    namespace_name: string;
    /**
     * 
     */
    collection_name: string;
    /**
     * A source type: one `GET /connectors` lists. Built in: `WIKI` (a Confluence Cloud or Data
     * Center site), `DRIVE` (a Google Drive), `PAGES` (a Notion workspace); a deployment adds
     * more with `DOCENT_CONNECTORS`, so clients must expect other values.
     * 
     */
    type: string;
    /**
     * The spec as given, with secrets replaced by `***`.
     */
    spec: { [key: string]: any; };
    /**
     * 
     */
    status: IngestionStatus;
    /**
     * 
     */
    created_at: string;
    /**
     * 
     */
    started_at: string | null;
    /**
     * 
     */
    finished_at: string | null;
    /**
     * 
     */
    progress: IngestionProgress;
    /**
     * Documents that failed, in order (the first 1000).
     */
    failures: Array<IngestionFailure>;
    /**
     * Documents skipped as unsupported, in order (the first 1000), each with why (`unsupported
     * file type (image/png)`, `file too large (…)`): counted in `documents_unsupported`,
     * not in `documents_failed`.
     * 
     */
    unsupported: Array<IngestionFailure>;
    /**
     * Documents indexed with a caveat, in order (the first 1000): e.g. pages that are scanned
     * images without a text layer, which are not searchable.
     * 
     */
    warnings: Array<IngestionFailure>;
    /**
     * 
     */
    error: IngestionError | null;
}


/**
 * Why the ingestion failed; null unless `status` is `failed`.
 * @export
 * @interface IngestionError
 */
export interface IngestionError {
    /**
     * 
     */
    code: IngestionErrorCodeEnum;
    /**
     * 
     */
    message: string;
}


/**
 * @export
 */
export const IngestionErrorCodeEnum = {
    SourceAuthFailed: 'source_auth_failed',
    SourceNotFound: 'source_not_found',
    SourceUnreachable: 'source_unreachable',
    SourceRateLimited: 'source_rate_limited',
    Internal: 'internal',
} as const;
export type IngestionErrorCodeEnum = typeof IngestionErrorCodeEnum[keyof typeof IngestionErrorCodeEnum];

/**
 * 
 * @export
 * @interface IngestionFailure
 */
export interface IngestionFailure {
    /**
     * The document's name in the source, when known.
     */
    doc_name: string | null;
    /**
     * 
     */
    source_id: string;
    /**
     * 
     */
    message: string;
}
/**
 * 
 * @export
 * @interface IngestionList
 */
export interface IngestionList {
    /**
     * 
     */
    ingestions: Array<Ingestion>;
    /**
     * 
     */
    next_cursor: string | null;
}
/**
 * 
 * @export
 * @interface IngestionLocator
 */
export interface IngestionLocator {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * 
     */
    ingestion_id: string;
}
/**
 * 
 * @export
 * @interface IngestionProgress
 */
export interface IngestionProgress {
    /**
     * Documents the source listed so far.
     */
    documents_discovered: number;
    /**
     * New or changed documents indexed.
     */
    documents_processed: number;
    /**
     * Documents unchanged since the last sync.
     */
    documents_skipped: number;
    /**
     * Documents that could not be read or parsed (see `failures`).
     */
    documents_failed: number;
    /**
     * Documents skipped because Docent does not ingest them — a file type no parser reads
     * (an image, a video), a file over the size limit (see `unsupported`). Not failures.
     * 
     */
    documents_unsupported: number;
    /**
     * Chunks written to the index by this ingestion.
     */
    chunks_indexed: number;
}
/**
 * Re-run this ingestion on a schedule, at most hourly: a five-field cron expression
 * (`minute hour day-of-month month day-of-week`, or `@daily`, `@weekly`…) naming one
 * minute of the hour, read in `timezone`, daylight-saving shifts included (a time skipped
 * in spring runs once just after the gap, a time repeated in autumn runs once).
 * 
 * @export
 * @interface IngestionSchedule
 */
export interface IngestionSchedule {
    /**
     * 
     */
    cron: string;
    /**
     * An IANA time zone; default `UTC`.
     */
    timezone?: string | null;
}

/**
 * 
 * @export
 */
export const IngestionStatus = {
    Queued: 'queued',
    Running: 'running',
    Succeeded: 'succeeded',
    Failed: 'failed',
    Canceled: 'canceled',
} as const;
export type IngestionStatus = typeof IngestionStatus[keyof typeof IngestionStatus];

/**
 * 
 * @export
 * @interface ListCollectionsRequest
 */
export interface ListCollectionsRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * Page size, default 100.
     */
    limit?: number | null;
    /**
     * The `next_cursor` of the previous page; omit or null for the first page.
     */
    cursor?: string | null;
}
/**
 * 
 * @export
 * @interface ListDocumentsRequest
 */
export interface ListDocumentsRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * Page size, default 100.
     */
    limit?: number | null;
    /**
     * The `next_cursor` of the previous page; omit or null for the first page.
     */
    cursor?: string | null;
}
/**
 * 
 * @export
 * @interface ListIngestionsRequest
 */
export interface ListIngestionsRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * Only this collection's ingestions.
     */
    collection_name?: string | null;
    /**
     * Only ingestions in this status.
     */
    status?: ListIngestionsRequestStatusEnum | null;
    /**
     * Page size, default 100.
     */
    limit?: number | null;
    /**
     * The `next_cursor` of the previous page; omit or null for the first page.
     */
    cursor?: string | null;
}


/**
 * @export
 */
export const ListIngestionsRequestStatusEnum = {
    Queued: 'queued',
    Running: 'running',
    Succeeded: 'succeeded',
    Failed: 'failed',
    Canceled: 'canceled',
} as const;
export type ListIngestionsRequestStatusEnum = typeof ListIngestionsRequestStatusEnum[keyof typeof ListIngestionsRequestStatusEnum];

/**
 * 
 * @export
 * @interface ListSchedulesRequest
 */
export interface ListSchedulesRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * Only this collection's schedules.
     */
    collection_name?: string | null;
    /**
     * Only schedules in this status.
     */
    status?: ListSchedulesRequestStatusEnum | null;
    /**
     * Page size, default 100.
     */
    limit?: number | null;
    /**
     * The `next_cursor` of the previous page; omit or null for the first page.
     */
    cursor?: string | null;
}


/**
 * @export
 */
export const ListSchedulesRequestStatusEnum = {
    Active: 'active',
    Paused: 'paused',
    Stopped: 'stopped',
} as const;
export type ListSchedulesRequestStatusEnum = typeof ListSchedulesRequestStatusEnum[keyof typeof ListSchedulesRequestStatusEnum];

/**
 * 
 * @export
 * @interface LogInRequest
 */
export interface LogInRequest {
    /**
     * 
     */
    email: string;
    /**
     * 
     */
    password: string;
}
/**
 * 
 * @export
 * @interface LoggedOut
 */
export interface LoggedOut {
    /**
     * 
     */
    logged_out: boolean;
}
/**
 * A Notion workspace, or some pages of it with their descendants.
 * @export
 * @interface PagesSpec
 */
export interface PagesSpec {
    /**
     * Integration token; omit to use the account's connection. Never echoed back.
     */
    token?: string | null;
    /**
     * Page ids (with or without dashes) or page URLs; omitted means every page the token can access.
     */
    page_ids?: Array<string> | null;
}
/**
 * 
 * @export
 * @interface PasswordChanged
 */
export interface PasswordChanged {
    /**
     * 
     */
    changed: boolean;
    /**
     * How many other sessions of the user ended.
     */
    sessions_ended: number;
}
/**
 * RFC 9457 problem details.
 * @export
 * @interface Problem
 */
export interface Problem {
    /**
     * A URI identifying the problem type.
     */
    type: string;
    /**
     * 
     */
    title: string;
    /**
     * 
     */
    status: number;
    /**
     * 
     */
    detail?: string;
    /**
     * 
     */
    code: ProblemCodeEnum;
    /**
     * 
     */
    errors?: Array<ProblemFieldError>;
    /**
     * Quote it when reporting a problem.
     */
    request_id?: string;
}


/**
 * @export
 */
export const ProblemCodeEnum = {
    InvalidRequest: 'invalid_request',
    SourceNotConnected: 'source_not_connected',
    Unauthorized: 'unauthorized',
    NotFound: 'not_found',
    PayloadTooLarge: 'payload_too_large',
    UnsupportedMediaType: 'unsupported_media_type',
    RateLimited: 'rate_limited',
    IdempotencyKeyReused: 'idempotency_key_reused',
    Internal: 'internal',
    Unavailable: 'unavailable',
} as const;
export type ProblemCodeEnum = typeof ProblemCodeEnum[keyof typeof ProblemCodeEnum];

/**
 * 
 * @export
 * @interface ProblemFieldError
 */
export interface ProblemFieldError {
    /**
     * Dotted path of the offending field, e.g. `spec.space`.
     */
    field: string;
    /**
     * 
     */
    message: string;
}
/**
 * 
 * @export
 * @interface Readiness
 */
export interface Readiness {
    /**
     * 
     */
    status: ReadinessStatusEnum;
    /**
     * One entry per dependency, `ok` or the reason it is not.
     */
    checks: { [key: string]: string; };
}


/**
 * @export
 */
export const ReadinessStatusEnum = {
    Ok: 'ok',
    Unavailable: 'unavailable',
} as const;
export type ReadinessStatusEnum = typeof ReadinessStatusEnum[keyof typeof ReadinessStatusEnum];

/**
 * 
 * @export
 * @interface Reference
 */
export interface Reference {
    /**
     * The document the reference comes from.
     */
    doc_name: string;
    /**
     * 1-based page (PDF page, slide, sheet; 1 for wiki and notes pages).
     */
    page_num: number;
    /**
     * The excerpt used as context.
     */
    sample_text: string;
    /**
     * Opens the reference in its source, for a person signed in there: the Confluence
     * page, the Drive file (`webViewLink`), the Notion page. For a PDF attached to a
     * Confluence page, the attachment with `#page=N`, which browsers' PDF viewers open at
     * that page; Drive has no link to a page, so Drive refs open the file. Always an
     * absolute http(s) URL; null when the source gives no link.
     * 
     */
    url?: string | null;
    /**
     * 
     */
    highlight?: ReferenceHighlight | null;
    /**
     * True when the answer cites this reference (with a `[n]` marker, or by quoting it);
     * cited references come first, in the order of their markers, then the others.
     * 
     */
    cited: boolean;
}
/**
 * Where the answer's quoted sentence is in `sample_text`: character offsets counted in
 * Unicode code points (not UTF-16 units or bytes), `end` exclusive. Null on a reference
 * the answer does not quote.
 * 
 * @export
 * @interface ReferenceHighlight
 */
export interface ReferenceHighlight {
    /**
     * 
     */
    start: number;
    /**
     * 
     */
    end: number;
}
/**
 * 
 * @export
 * @interface RevokeApiKeyRequest
 */
export interface RevokeApiKeyRequest {
    /**
     * 
     */
    id: string;
}
/**
 * 
 * @export
 * @interface Revoked
 */
export interface Revoked {
    /**
     * 
     */
    revoked: boolean;
}
/**
 * 
 * @export
 * @interface Schedule
 */
export interface Schedule {
    /**
     * 
     */
    schedule_id: string;
    /**
     * 
     */
    namespace_name: string;
    /**
     * 
     */
    collection_name: string;
    /**
     * A source type: one `GET /connectors` lists. Built in: `WIKI` (a Confluence Cloud or Data
     * Center site), `DRIVE` (a Google Drive), `PAGES` (a Notion workspace); a deployment adds
     * more with `DOCENT_CONNECTORS`, so clients must expect other values.
     * 
     */
    type: string;
    /**
     * The spec each run ingests, with secrets replaced by `***`.
     */
    spec: { [key: string]: any; };
    /**
     * 
     */
    cron: string;
    /**
     * 
     */
    timezone: string;
    /**
     * 
     */
    status: ScheduleStatus;
    /**
     * 
     */
    reason: ScheduleStopReason | null;
    /**
     * When the next run starts; null unless `status` is `active`.
     */
    next_run_at: string | null;
    /**
     * 
     */
    last_run: ScheduleRun | null;
    /**
     * 
     */
    created_at: string;
    /**
     * 
     */
    updated_at: string;
}


/**
 * 
 * @export
 * @interface ScheduleList
 */
export interface ScheduleList {
    /**
     * 
     */
    schedules: Array<Schedule>;
    /**
     * 
     */
    next_cursor: string | null;
}
/**
 * 
 * @export
 * @interface ScheduleLocator
 */
export interface ScheduleLocator {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * 
     */
    schedule_id: string;
}
/**
 * The last run the schedule started (the ingestion created with it, at first), as it is
 * now; a run due while the previous one still runs is skipped.
 * 
 * @export
 * @interface ScheduleRun
 */
export interface ScheduleRun {
    /**
     * 
     */
    ingestion_id: string;
    /**
     * 
     */
    status: IngestionStatus;
    /**
     * 
     */
    created_at: string;
    /**
     * 
     */
    finished_at: string | null;
    /**
     * 
     */
    error: ScheduleRunError | null;
}


/**
 * Why the run failed; null unless its `status` is `failed`.
 * @export
 * @interface ScheduleRunError
 */
export interface ScheduleRunError {
    /**
     * 
     */
    code: ScheduleRunErrorCodeEnum;
    /**
     * 
     */
    message: string;
}


/**
 * @export
 */
export const ScheduleRunErrorCodeEnum = {
    SourceAuthFailed: 'source_auth_failed',
    SourceNotFound: 'source_not_found',
    SourceUnreachable: 'source_unreachable',
    SourceRateLimited: 'source_rate_limited',
    Internal: 'internal',
} as const;
export type ScheduleRunErrorCodeEnum = typeof ScheduleRunErrorCodeEnum[keyof typeof ScheduleRunErrorCodeEnum];


/**
 * `active`: runs on schedule. `paused`: by the user, until resumed. `stopped`: by Docent,
 * `reason` says why (e.g. the source refused the stored credentials); resume it, or give a
 * new token with `create_ingestion` and the same schedule.
 * 
 * @export
 */
export const ScheduleStatus = {
    Active: 'active',
    Paused: 'paused',
    Stopped: 'stopped',
} as const;
export type ScheduleStatus = typeof ScheduleStatus[keyof typeof ScheduleStatus];

/**
 * Why Docent stopped the schedule; null unless `status` is `stopped`.
 * @export
 * @interface ScheduleStopReason
 */
export interface ScheduleStopReason {
    /**
     * `source_auth_failed`: a run was refused by the source (401/403): the token was
     * revoked or expired. `source_not_connected`: the OAuth connection the schedule
     * runs on was deleted. `credentials_unavailable`: the sealed token no longer opens
     * (the service's secret key changed).
     * 
     */
    code: ScheduleStopReasonCodeEnum;
    /**
     * 
     */
    message: string;
}


/**
 * @export
 */
export const ScheduleStopReasonCodeEnum = {
    SourceAuthFailed: 'source_auth_failed',
    SourceNotConnected: 'source_not_connected',
    CredentialsUnavailable: 'credentials_unavailable',
} as const;
export type ScheduleStopReasonCodeEnum = typeof ScheduleStopReasonCodeEnum[keyof typeof ScheduleStopReasonCodeEnum];

/**
 * 
 * @export
 * @interface SessionList
 */
export interface SessionList {
    /**
     * 
     */
    sessions: Array<BrowserSession>;
}
/**
 * 
 * @export
 * @interface SessionsEnded
 */
export interface SessionsEnded {
    /**
     * 
     */
    logged_out: boolean;
    /**
     * 
     */
    sessions_ended: number;
}
/**
 * 
 * @export
 * @interface SignUpAccepted
 */
export interface SignUpAccepted {
    /**
     * 
     */
    accepted: boolean;
    /**
     * The email, as Docent keeps it (trimmed, lower-case).
     */
    email: string;
}
/**
 * 
 * @export
 * @interface SignUpRequest
 */
export interface SignUpRequest {
    /**
     * 
     */
    email: string;
    /**
     * 10 to 1024 characters, not a common password.
     */
    password: string;
}
/**
 * 
 * @export
 * @interface UpdateScheduleRequest
 */
export interface UpdateScheduleRequest {
    /**
     * A namespace or collection name.
     */
    namespace_name: string;
    /**
     * A namespace or collection name.
     */
    collection_name: string;
    /**
     * 
     */
    schedule_id: string;
    /**
     * A five-field cron naming one minute of the hour (at most hourly).
     */
    cron: string;
    /**
     * An IANA time zone; default `UTC`.
     */
    timezone?: string | null;
}
/**
 * A Confluence site and a selection: exactly one of `space` (all current pages of the
 * space) or `cql` (the pages a CQL query selects). Credentials: `username` + `token` (API
 * token, HTTP Basic), `token` alone (personal access token, Bearer), or neither (the
 * account's OAuth connection).
 * 
 * @export
 * @interface WikiSpec
 */
export interface WikiSpec {
    /**
     * The site, e.g. `https://acme.atlassian.net` or a Data Center base URL with its context path.
     */
    url: string;
    /**
     * Space key.
     */
    space?: string | null;
    /**
     * A CQL query selecting pages.
     */
    cql?: string | null;
    /**
     * API token (with `username`) or personal access token. Never echoed back.
     */
    token?: string | null;
    /**
     * The user the API token belongs to (usually an email on Cloud).
     */
    username?: string | null;
    /**
     * Also ingest the files attached to the selected pages that Docent can parse (PDF,
     * DOCX, PPTX, XLSX, HTML, Markdown, text, CSV), each as a document named
     * `<page title> / <file name>`. Other types (images, videos…) are left out.
     * 
     */
    attachments?: boolean | null;
}
