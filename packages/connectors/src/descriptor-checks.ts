import { type ConnectorDescriptor, SDK_VERSION, type SpecSchema } from '@docent/connector-sdk';

const TYPE_PATTERN = /^[A-Z][A-Z0-9_]{1,31}$/;
const AUTH_MODES = new Set(['basic', 'bearer', 'oauth']);
const TOKEN_REQUESTS = new Set(['form', 'json', 'basic-json']);
const ENV_PATTERN = /^DOCENT_[A-Z0-9_]+$/;

/**
 * What is wrong with a module's export as a connector descriptor, or nothing. Checked before
 * anything of it runs, so a package built for another SDK is refused by its version alone.
 */
export function descriptorProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) {
    return 'it exports no connector descriptor (a default export, or one named `descriptor`)';
  }
  const d = value as Partial<Record<keyof ConnectorDescriptor, unknown>>;
  if (typeof d.sdkVersion !== 'string') {
    return 'its descriptor has no sdkVersion (set it to SDK_VERSION from @docent/connector-sdk)';
  }
  if (majorOf(d.sdkVersion) !== majorOf(SDK_VERSION)) {
    return `it was built for @docent/connector-sdk ${d.sdkVersion}, and this Docent runs ${SDK_VERSION} (another major version)`;
  }
  if (typeof d.type !== 'string' || !TYPE_PATTERN.test(d.type)) {
    return `its type ${JSON.stringify(d.type)} must be 2-32 upper-case letters, digits or _, starting with a letter`;
  }
  if (typeof d.createConnector !== 'function') return 'its descriptor has no createConnector()';
  for (const field of ['title', 'description'] as const) {
    if (typeof d[field] !== 'string' || d[field] === '') return `its descriptor has no ${field}`;
  }
  if (d.documentNames !== 'title' && d.documentNames !== 'file') {
    return "its documentNames must be 'title' or 'file'";
  }
  const links = d.links as { pageLinks?: unknown } | undefined;
  if (typeof links?.pageLinks !== 'boolean') return 'its links.pageLinks must be true or false';
  const modes = d.authModes;
  if (!Array.isArray(modes) || modes.length === 0 || !modes.every((m) => AUTH_MODES.has(m))) {
    return "its authModes must list 'basic', 'bearer' and/or 'oauth'";
  }
  const oauthProblem = oauthDescriptorProblem(d.oauth, modes.includes('oauth'));
  if (oauthProblem) return oauthProblem;
  const properties = schemaProperties(d.specSchema);
  if (!properties) return 'its specSchema must be a JSON Schema object with properties';
  if (!Array.isArray(d.secretFields) || d.secretFields.some((f) => !properties.has(f))) {
    return 'its secretFields must name properties of its spec schema';
  }
  const fields = (d.ui as { fields?: unknown } | undefined)?.fields;
  if (typeof fields !== 'object' || fields === null) return 'its descriptor has no ui.fields';
  const unknownField = Object.keys(fields).find((f) => !properties.has(f));
  if (unknownField) return `its ui.fields names ${unknownField}, which its spec schema lacks`;
  for (const [name, endpoint] of Object.entries((d.endpoints ?? {}) as object)) {
    const { env, default: fallback } = (endpoint ?? {}) as { env?: unknown; default?: unknown };
    if (typeof env !== 'string' || !ENV_PATTERN.test(env) || !isWebUrl(fallback)) {
      return `its endpoint ${name} needs an env (DOCENT_…) and an http(s) default URL`;
    }
  }
  return undefined;
}

function oauthDescriptorProblem(oauth: unknown, needed: boolean): string | undefined {
  if (oauth === undefined)
    return needed ? "it lists 'oauth' among authModes but has no oauth" : undefined;
  const o = oauth as Record<string, unknown>;
  if (!isWebUrl(o.authorizeUrl) || !isWebUrl(o.tokenUrl)) {
    return 'its oauth needs http(s) authorizeUrl and tokenUrl';
  }
  if (typeof o.pkce !== 'boolean' || !TOKEN_REQUESTS.has(o.tokenRequest as string)) {
    return "its oauth needs pkce (true or false) and tokenRequest ('form', 'json' or 'basic-json')";
  }
  return undefined;
}

function schemaProperties(schema: unknown): Set<string> | undefined {
  const properties = (schema as SpecSchema | undefined)?.properties;
  if (typeof properties !== 'object' || properties === null) return undefined;
  return new Set(Object.keys(properties));
}

function majorOf(version: string): string {
  return version.split('.')[0] ?? version;
}

function isWebUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
