import type { AuthMode, SourceConnector } from './connector';

/**
 * The version of this SDK. A descriptor records the one it was built against (`SDK_VERSION`
 * imported by the connector), and Docent refuses a connector of another major version.
 */
export const SDK_VERSION = '1.0.0';

/** The spec's shape as JSON Schema, in the dialect OpenAPI 3.0 writes (`nullable` allowed). */
export type SpecSchema = Readonly<Record<string, unknown>>;

/** What a token endpoint answered, reduced to what is kept. */
export interface TokenGrant {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds; null when the token does not expire. */
  expiresIn: number | null;
  /** The whole JSON answer, for provider facts such as Notion's `workspace_name`. */
  raw: Record<string, unknown>;
}

/** Whom a connection acts for, found right after the code exchange. */
export interface ConnectionIdentity {
  label: string | null;
  /** Provider facts that are not secret, kept with the connection. */
  details: Record<string, unknown> | null;
}

export interface IdentityContext {
  fetchFn: typeof fetch;
  /** The deployment's endpoints (see `ConnectorDescriptor.endpoints`). */
  endpoints: Readonly<Record<string, string>>;
}

/** The OAuth 2.0 authorization-code flow of a source; the operator configures the app. */
export interface OAuthProviderDescriptor {
  /** The provider's endpoints; `DOCENT_OAUTH_<TYPE>_AUTHORIZE_URL` / `_TOKEN_URL` override them. */
  authorizeUrl: string;
  tokenUrl: string;
  /** Space-separated into `scope` (omit when the provider takes none). */
  scopes?: readonly string[];
  /** Authorize-URL parameters besides client_id, redirect_uri, response_type, state, scope. */
  authorizeParams?: Readonly<Record<string, string>>;
  /** Send a PKCE challenge (S256) only where the provider documents it. */
  pkce: boolean;
  /**
   * How the token endpoint wants the client authenticated: `form` (form body with the client
   * credentials, RFC 6749), `json` (JSON body with them), `basic-json` (HTTP Basic, JSON body).
   */
  tokenRequest: 'form' | 'json' | 'basic-json';
  /** Names whom the connection acts for (shown in the web UI); may call the source's API. */
  identify?(grant: TokenGrant, context: IdentityContext): Promise<ConnectionIdentity>;
}

/** A deployment endpoint of the source (its API base), configurable by the operator. */
export interface ConnectorEndpoint {
  /** The environment variable that overrides it, e.g. `DOCENT_DRIVE_API_URL`. */
  env: string;
  default: string;
}

/** How the web UI shows one spec field (its type and bounds come from the schema). */
export interface SpecFieldHint {
  label: string;
  help?: string;
  placeholder?: string;
  /** A credential: typed into a password field, never shown again (default: in `secretFields`). */
  secret?: boolean;
  /** A list given as one entry per line (an array of strings in the schema). */
  multiline?: boolean;
}

export interface ConnectorUiHints {
  /** Fields in the order the form shows them; each should have a hint. */
  fields: Readonly<Record<string, SpecFieldHint>>;
  /** A line above the form. */
  help?: string;
}

/** What the service does with the links of the documents it lists. */
export interface LinkRules {
  /** Refs may carry `pageUrlTemplate`; otherwise references link to the document's `url`. */
  pageLinks: boolean;
}

/** What the service knows before opening a connector: everything but the behaviour. */
export interface ConnectorDescriptor<TSpec = unknown> {
  /** `SDK_VERSION` as the connector's copy of the SDK gives it. */
  readonly sdkVersion: string;
  /** The ingestion `type`: upper-case letters, digits and `_` (`WEB`, `FEED`). */
  readonly type: string;
  /** The source's name for people: `Confluence`. */
  readonly title: string;
  readonly description: string;
  /**
   * The spec's shape: the only definition of it. The service validates every spec against it
   * (field errors like `spec.url: is required`) before `validateSpec` sees it, and serves it at
   * `GET /connectors`.
   */
  readonly specSchema: SpecSchema;
  /** Credentials in the spec (`token`, `username`), stored encrypted and never echoed. */
  readonly secretFields: readonly string[];
  readonly authModes: readonly AuthMode[];
  /** Needed when `authModes` includes `oauth`. */
  readonly oauth?: OAuthProviderDescriptor;
  /**
   * What a document's title is, for making its name unique in a collection: `title` gives
   * `Runbook (2)`; `file` keeps a file name's extension last, `report (2).pdf`.
   */
  readonly documentNames: 'title' | 'file';
  readonly links: LinkRules;
  readonly ui: ConnectorUiHints;
  /** Named endpoints the operator may point elsewhere; passed as `context.endpoints`. */
  readonly endpoints?: Readonly<Record<string, ConnectorEndpoint>>;
  /** The connector, for this deployment's endpoints. Called once at start-up. */
  createConnector(setup: ConnectorSetup): SourceConnector<TSpec>;
}

export interface ConnectorSetup {
  /** Every connector's endpoints, as the deployment configured them. */
  endpoints: Readonly<Record<string, string>>;
}

/** The type check for a descriptor (an identity function). */
export function defineConnector<TSpec>(
  descriptor: ConnectorDescriptor<TSpec>,
): ConnectorDescriptor<TSpec> {
  return descriptor;
}
