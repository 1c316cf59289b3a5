import Ajv, { type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@docent/contract';
import { ProblemError } from './problem';

type JsonObject = Record<string, unknown>;

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
      discriminator: true,
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
    ajv.addSchema(withoutDiscriminatorMappings(document) as AnySchema, 'contract');
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

/** Ajv infers the mapping from each branch's `type` enum; it refuses explicit mappings. */
function withoutDiscriminatorMappings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDiscriminatorMappings);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value as JsonObject)) {
    if (key === 'discriminator' && child && typeof child === 'object') {
      out[key] = { propertyName: (child as JsonObject).propertyName };
    } else {
      out[key] = withoutDiscriminatorMappings(child);
    }
  }
  return out;
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
    case 'discriminator':
      return { field: join(String(params.tag)), message: 'must be one of WIKI, DRIVE, PAGES' };
    case 'x-exactly-one-of':
      return {
        field: path,
        message: `give exactly one of ${(error.schema as string[]).join(' or ')}`,
      };
    case 'pattern':
      return {
        field: path,
        message:
          'must start with a letter or digit and use only letters, digits, _ . - (at most 64)',
      };
    case 'oneOf':
    case 'if':
      return null;
    default:
      return { field: path, message: error.message ?? 'is not valid' };
  }
}
