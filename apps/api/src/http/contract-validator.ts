import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@docent/contract';
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
    ajv.addKeyword({
      keyword: 'x-exactly-one-of',
      type: 'object',
      schemaType: 'array',
      error: { message: 'give exactly one of the fields' },
      validate: (fields: string[], data: JsonObject) =>
        fields.filter((f) => data[f] !== undefined && data[f] !== null).length === 1,
    });
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

function fieldErrors(
  errors: ErrorObject[],
  body: unknown,
): Array<{ field: string; message: string }> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return [{ field: '', message: 'the body must be a JSON object' }];
  }
  const seen = new Set<string>();
  const out: Array<{ field: string; message: string }> = [];
  // oneOf branches of history_messages each report; keep the most specific messages.
  for (const error of errors) {
    const item = describe(error);
    if (!item) continue;
    const key = `${item.field}|${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out.length > 0 ? out : [{ field: '', message: 'the body does not match the contract' }];
}

function describe(error: ErrorObject): { field: string; message: string } | null {
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
    case 'additionalProperties':
      return { field: join(String(params.additionalProperty)), message: 'is not a known field' };
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
    case 'oneOf':
    case 'if':
      return null;
    default:
      return { field: path, message: error.message ?? 'is not valid' };
  }
}
