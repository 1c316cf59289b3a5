import type { DocumentContent } from '@docent/document-model';
import type { DocumentRef } from './document-ref';
import type { SourceHttpClient } from './http/types';

/** How a connector can authenticate; the service picks one from the spec and the account. */
export type AuthMode = 'basic' | 'bearer' | 'oauth';

export type SourceCredentials =
  | { mode: 'basic'; username: string; token: string }
  | { mode: 'bearer'; token: string }
  | {
      mode: 'oauth';
      /** Returns a valid access token, refreshing it first when it is about to expire. */
      accessToken(): Promise<string>;
    };

export interface FieldIssue {
  /** Dotted path inside the request, e.g. `spec.space`. */
  field: string;
  message: string;
}

export type SpecValidation<TSpec> = { ok: true; spec: TSpec } | { ok: false; errors: FieldIssue[] };

export interface ConnectorLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface ConnectorContext<TSpec> {
  spec: TSpec;
  credentials: SourceCredentials;
  /** Preconfigured with timeouts, the retry policy and the SSRF guard. */
  http: SourceHttpClient;
  signal: AbortSignal;
  log: ConnectorLogger;
  /** Deployment endpoints (API base URLs for OAuth gateways, fakes in tests...). */
  endpoints: Readonly<Record<string, string>>;
  /**
   * The `ref.version` a document of this source had when it was last indexed, if it was: lets
   * a connector make conditional requests (the version holding an ETag or a Last-Modified date)
   * and list an unchanged document without downloading it. The same version is skipped.
   */
  indexedVersion?(sourceId: string): Promise<string | undefined>;
}

export type DiscoveryItem =
  | { type: 'document'; ref: DocumentRef }
  /**
   * A document that could not be listed or read; the ingestion goes on. `unsupported`: it is
   * of a kind Docent does not ingest (a file type no parser reads, a file over the size
   * limit, as `planFileDownload` skips), counted apart from real failures.
   */
  | { type: 'failure'; sourceId: string; title?: string; message: string; unsupported?: boolean }
  /**
   * An opaque position in the listing. Passing it back to `discover` resumes after every item
   * yielded before it, so a killed worker does not start over.
   */
  | { type: 'checkpoint'; checkpoint: string };

/**
 * What `discover` returns when the listing went to its end but could not see everything: a
 * document whose failure also hid the documents below it (a page whose child pages are
 * unknown because its blocks could not be read). The ingestion succeeds, and removes nothing.
 */
export interface IncompleteListing {
  complete: false;
  /** For the logs: what could not be listed. */
  reason: string;
}

export interface SourceSession {
  /** Verifies the credentials and that the selection exists; throws SourceError. */
  check(): Promise<void>;
  /**
   * Lists the selected documents. Returning nothing means the listing is complete, which is
   * what allows the service to delete documents that vanished from the source; returning an
   * `IncompleteListing`, or throwing, means it is not. Carry incompleteness in the checkpoints:
   * a resumed listing must still return it.
   */
  discover(
    checkpoint: string | null,
  ): AsyncGenerator<DiscoveryItem, IncompleteListing | void, undefined>;
  /**
   * Content of a document whose ref did not carry it. Throws `DocumentError` (the SDK client's
   * `DocumentRequestError` among them) for a problem of that document, which fails alone, and
   * `SourceError` for a problem of the source, which fails the ingestion.
   */
  fetch(ref: DocumentRef): Promise<DocumentContent>;
  close?(): Promise<void>;
}

/**
 * A source type's behaviour. Implementations are plain objects with no service dependencies,
 * so a third party can publish one against this package alone; what the service knows of the
 * source without opening it (type, spec schema, secrets, auth modes...) is its
 * `ConnectorDescriptor`, which creates it.
 */
export interface SourceConnector<TSpec = unknown> {
  /**
   * Checks what the spec schema cannot (cross-field rules, URL syntax) and normalises the
   * spec. Field paths are relative to the request body (`spec.url`).
   */
  validateSpec(spec: unknown): SpecValidation<TSpec>;
  /** The auth mode this spec asks for: `oauth` when it carries no credentials. */
  authModeFor(spec: TSpec): AuthMode;
  /**
   * Identifies "the same source" across ingestions, for incremental sync: documents of a source
   * key that vanish from a complete listing are removed. Must not include secrets.
   */
  sourceKey(spec: TSpec): string;
  /** URLs the spec makes the service call, checked against the SSRF policy at create time. */
  sourceUrls(spec: TSpec, endpoints: Readonly<Record<string, string>>): string[];
  open(context: ConnectorContext<TSpec>): Promise<SourceSession>;
}
