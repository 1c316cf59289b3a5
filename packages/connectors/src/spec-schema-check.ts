import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FieldIssue, SpecSchema } from '@docent/connector-sdk';

/** Checks a spec against its connector's schema: the field issues, none when it fits. */
export type SpecShapeCheck = (spec: unknown) => FieldIssue[];

/**
 * Teaches `ajv` the contract's keyword for "exactly one of these fields" (Confluence's space or
 * cql), used by spec schemas and by openapi.yaml alike.
 */
export function addExactlyOneOfKeyword(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: 'x-exactly-one-of',
    type: 'object',
    schemaType: 'array',
    error: { message: 'give exactly one of the fields' },
    validate: (fields: string[], data: Record<string, unknown>) =>
      fields.filter((f) => data[f] !== undefined && data[f] !== null).length === 1,
  });
}

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
addExactlyOneOfKeyword(ajv);

/**
 * Compiles a descriptor's spec schema; throws (with Ajv's reason) when it is not valid JSON
 * Schema or does not describe an object.
 */
export function compileSpecSchema(schema: SpecSchema): SpecShapeCheck {
  if (typeof schema !== 'object' || schema === null || schema.type !== 'object') {
    throw new Error('its spec schema must describe an object (type: object)');
  }
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema as Record<string, unknown>);
  } catch (error) {
    throw new Error(`its spec schema is not valid JSON Schema: ${(error as Error).message}`);
  }
  return (spec) => (validate(spec) ? [] : fieldIssues(validate.errors ?? []));
}

function fieldIssues(errors: ErrorObject[]): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const error of errors) {
    const issue = describe(error);
    const key = `${issue.field}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/** Messages as the contract's validator words them; paths under `spec`. */
function describe(error: ErrorObject): FieldIssue {
  const path = ['spec', ...error.instancePath.split('/').slice(1)]
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: `${path}.${String(params.missingProperty)}`, message: 'is required' };
    case 'additionalProperties':
      return {
        field: `${path}.${String(params.additionalProperty)}`,
        message: 'is not a known field',
      };
    case 'type': {
      const type = String(params.type);
      return { field: path, message: `must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}` };
    }
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
    default:
      return { field: path, message: error.message ?? 'is not valid' };
  }
}
