import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@docent/contract';
import { addExactlyOneOfKeyword } from '@docent/connectors';
import { ProblemError } from './problem';

type JsonObject = Record<string, unknown>;

/** Namespace and collection names (the contract's `Name`). */
const NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';

/**
 * Request validation derived from the contract: every operation's JSON body schema is compiled
 * from openapi.yaml itself, so the contract is the only list of fields.
 */
export class ContractValidator {
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: JsonObject = openApiDocument()) {
    const ajv = new Ajv({
      allErrors: true,
      strict: false,
      // Errors carry their schema, for messages naming the fields (bodies are never echoed).
      verbose: true,
      // OpenAPI 3.0's `nullable` is understood natively by Ajv.
    });
    addFormats(ajv);
    addExactlyOneOfKeyword(ajv);
    ajv.addSchema(discriminatorsAsConditions(document, document) as AnySchema, 'contract');
    for (const [, item] of Object.entries(document.paths as JsonObject)) {
      for (const [, operation] of Object.entries(item as JsonObject)) {
        const op = operation as JsonObject;
        const schema = (op.requestBody as JsonObject | undefined)?.content as
          JsonObject | undefined;
        const json = (schema?.['application/json'] as JsonObject | undefined)?.schema as
          JsonObject | undefined;
        if (!json || typeof op.operationId !== 'string') continue;
        const ref = json.$ref as string | undefined;
        this.validators.set(op.operationId, ajv.compile(ref ? { $ref: `contract${ref}` } : json));
      }
    }
  }

  operations(): string[] {
    return [...this.validators.keys()];
  }

  /** Returns the body when valid; throws a 400 problem listing every offending field. */
  validate<T>(operationId: string, body: unknown): T {
    const validate = this.validators.get(operationId);
    if (!validate) throw new Error(`no contract schema for operation ${operationId}`);
    // Bodies are JSON objects; a discriminated oneOf alone lets `null` through (to a 500).
    if (typeof body === 'object' && body !== null && !Array.isArray(body) && validate(body)) {
      return body as T;
    }
    throw new ProblemError(
      'invalid_request',
      'The request body does not match the contract.',
      fieldErrors(validate.errors ?? [], body),
    );
  }
}

/**
 * A discriminated `oneOf` as a chain of conditions: the branch whose tag enum holds the value,
 * else the branch with an open tag (a connector loaded by configuration), else the tag must be
 * one of the listed values. Ajv's own `discriminator` needs every branch to list its values,
 * and a plain `oneOf` would report every branch's errors.
 */
function discriminatorsAsConditions(value: unknown, document: JsonObject): unknown {
  if (Array.isArray(value)) return value.map((v) => discriminatorsAsConditions(v, document));
  if (value === null || typeof value !== 'object') return value;
  const schema = value as JsonObject;
  const discriminator = schema.discriminator as JsonObject | undefined;
  if (discriminator && Array.isArray(schema.oneOf)) {
    return discriminatedChain(schema, String(discriminator.propertyName), document);
  }
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(schema)) {
    out[key] = discriminatorsAsConditions(child, document);
  }
  return out;
}

function discriminatedChain(schema: JsonObject, tag: string, document: JsonObject): JsonObject {
  const branches = (schema.oneOf as JsonObject[]).map((branch) => {
    const ref = branch.$ref as string;
    const target = resolveRef(document, ref);
    const values = ((target.properties as JsonObject | undefined)?.[tag] as JsonObject)?.enum;
    return { ref, values: Array.isArray(values) ? (values as string[]) : null };
  });
  const open = branches.find((b) => b.values === null);
  const listed = branches.flatMap((b) => b.values ?? []);
  let chain: JsonObject = open
    ? { $ref: `contract${open.ref}` }
    : { type: 'object', required: [tag], properties: { [tag]: { enum: listed } } };
  for (const branch of [...branches].reverse()) {
    if (branch.values === null) continue;
    chain = {
      if: { type: 'object', required: [tag], properties: { [tag]: { enum: branch.values } } },
      then: { $ref: `contract${branch.ref}` },
      else: chain,
    };
  }
  return chain;
}

function resolveRef(document: JsonObject, ref: string): JsonObject {
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as JsonObject)[part];
  return node as JsonObject;
}

type FieldError = { field: string; message: string };

function fieldErrors(errors: ErrorObject[], body: unknown): FieldError[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return [{ field: '', message: 'the body must be a JSON object' }];
  }
  // A value that fits none of a oneOf's shapes gets one message, the one the contract writes
  // for it (`x-invalid-message`), not one per shape ("must be a array", "must be a object"…).
  const oneOfPaths = errors.filter((e) => invalidMessage(e) !== null).map((e) => e.instancePath);
  const underOneOf = (error: ErrorObject) =>
    error.keyword !== 'oneOf' &&
    oneOfPaths.some((p) => error.instancePath === p || error.instancePath.startsWith(`${p}/`));
  const misspelt = misspeltFields(errors);
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors) {
    if (underOneOf(error) || followsFromMisspelling(error, misspelt, body)) continue;
    const item = describe(error, misspelt);
    if (!item) continue;
    const key = `${item.field}|${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  const merged = mergeArrayItems(out);
  return merged.length > 0
    ? merged
    : [{ field: '', message: 'the body does not match the contract' }];
}

/** An unknown field one edit away from a field the object allows: what it surely meant. */
interface Misspelling {
  /** The object's path (Ajv's instancePath). */
  objectPath: string;
  given: string;
  meant: string;
}

function misspeltFields(errors: ErrorObject[]): Misspelling[] {
  const out: Misspelling[] = [];
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue;
    const given = String((error.params as { additionalProperty: unknown }).additionalProperty);
    const known = Object.keys(
      ((error.parentSchema as JsonObject | undefined)?.properties as JsonObject | undefined) ?? {},
    );
    const meant = known.find((name) => isOneEditAway(given, name));
    if (meant) out.push({ objectPath: error.instancePath, given, meant });
  }
  return out;
}

/**
 * Errors that only restate a misspelling: the misspelt field "missing", or a one-of rule
 * (`space` or `cql`) the object meets once the field is read as meant.
 */
function followsFromMisspelling(
  error: ErrorObject,
  misspelt: Misspelling[],
  body: unknown,
): boolean {
  const here = misspelt.filter((m) => m.objectPath === error.instancePath);
  if (here.length === 0) return false;
  const meant = new Set(here.map((m) => m.meant));
  if (error.keyword === 'required') {
    return meant.has(String((error.params as { missingProperty: unknown }).missingProperty));
  }
  if (error.keyword === 'x-exactly-one-of') {
    const object = valueAt(body, error.instancePath) as JsonObject | undefined;
    const fields = error.schema as string[];
    const given = fields.filter(
      (f) => meant.has(f) || (object?.[f] !== undefined && object[f] !== null),
    );
    return given.length === 1;
  }
  return false;
}

function valueAt(body: unknown, instancePath: string): unknown {
  let value = body;
  for (const part of instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = value && typeof value === 'object' ? (value as JsonObject)[key] : undefined;
  }
  return value;
}

/** One insertion, deletion, substitution or swap of two neighbours (`spaces`, `spcae`). */
function isOneEditAway(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.toLowerCase() === b.toLowerCase()) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const differ = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
    if (differ.length === 1) return true;
    const [i, j] = differ;
    return differ.length === 2 && j === i! + 1 && a[i!] === b[j] && a[j] === b[i!];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  for (let i = 0; i < long.length; i++) {
    if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  }
  return false;
}

/**
 * Items of one list that fail alike are said once for the list
 * (`history_messages: each item must be … (items 0 and 1 are not)`).
 */
function mergeArrayItems(errors: FieldError[]): FieldError[] {
  const groups = new Map<string, { list: string; message: string; indexes: string[] }>();
  for (const error of errors) {
    const match = /^(.*)\.(\d+)$/.exec(error.field);
    if (!match || !error.message.startsWith('must ')) continue;
    const key = `${match[1]}|${error.message}`;
    const group = groups.get(key) ?? { list: match[1]!, message: error.message, indexes: [] };
    group.indexes.push(match[2]!);
    groups.set(key, group);
  }
  const out: FieldError[] = [];
  const emitted = new Set<string>();
  for (const error of errors) {
    const match = /^(.*)\.(\d+)$/.exec(error.field);
    const key = match ? `${match[1]}|${error.message}` : '';
    const group = groups.get(key);
    if (!group || group.indexes.length < 2) {
      out.push(error);
      continue;
    }
    if (emitted.has(key)) continue;
    emitted.add(key);
    const indexes = group.indexes;
    const named = `${indexes.slice(0, -1).join(', ')} and ${indexes.at(-1)!}`;
    out.push({
      field: group.list,
      message: `each item ${group.message} (items ${named} are not)`,
    });
  }
  return out;
}

function describe(error: ErrorObject, misspelt: Misspelling[]): FieldError | null {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const join = (child: string) => (path ? `${path}.${child}` : child);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: join(String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties': {
      const given = String(params.additionalProperty);
      const meant = misspelt.find(
        (m) => m.objectPath === error.instancePath && m.given === given,
      )?.meant;
      return {
        field: join(given),
        message: meant ? `is not a known field; did you mean ${meant}?` : 'is not a known field',
      };
    }
    case 'type':
      return {
        field: path,
        message: `must be ${params.type === 'integer' ? 'an integer' : `a ${String(params.type)}`}`,
      };
    case 'enum':
      return {
        field: path,
        message: `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`,
      };
    case 'x-exactly-one-of':
      return {
        field: path,
        message: `give exactly one of ${(error.schema as string[]).join(' or ')}`,
      };
    case 'pattern':
      return {
        field: path,
        message:
          params.pattern === NAME_PATTERN
            ? 'must start with a letter or digit and use only letters, digits, _ . - (at most 64)'
            : `must match ${String(params.pattern)}`,
      };
    case 'oneOf': {
      const said = invalidMessage(error);
      return said === null ? null : { field: path, message: said };
    }
    case 'if':
      return null;
    default:
      return { field: path, message: error.message ?? 'is not valid' };
  }
}

/** What the contract says a value of several shapes must look like, on a oneOf it fails. */
function invalidMessage(error: ErrorObject): string | null {
  if (error.keyword !== 'oneOf') return null;
  const said = (error.parentSchema as JsonObject | undefined)?.['x-invalid-message'];
  return typeof said === 'string' ? said : null;
}
