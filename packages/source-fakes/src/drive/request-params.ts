import { DriveApiError } from './google-errors';
import {
  type FieldMask,
  FieldMaskError,
  type FieldSchema,
  parseFieldMask,
  validateFieldMask,
} from './field-mask';

function invalidParameter(name: string, message = 'Invalid Value'): DriveApiError {
  return new DriveApiError(400, 'invalid', message, { name, type: 'parameter' });
}

/** Google booleans are `true` or `false`; absent is false. */
export function booleanParam(query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  if (raw === null) return false;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw invalidParameter(name, `Invalid value '${raw}'. Valid values are: true, false`);
}

/** An integer in [1, max]; Google refuses out-of-range sizes instead of clamping them. */
export function pageSizeParam(query: URLSearchParams, fallback: number, max: number): number {
  const raw = query.get('pageSize');
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < 1 || value > max) {
    throw invalidParameter(
      'pageSize',
      `Invalid value '${raw}'. Values must be within the range: [1, ${max}]`,
    );
  }
  return value;
}

/** The `fields` mask, checked against the resource; `fallback` when absent. */
export function fieldsParam(
  query: URLSearchParams,
  schema: FieldSchema,
  fallback: FieldMask | undefined,
): FieldMask | undefined {
  const raw = query.get('fields');
  if (raw === null) return fallback;
  try {
    const mask = parseFieldMask(raw);
    validateFieldMask(mask, schema);
    return mask;
  } catch (error) {
    if (error instanceof FieldMaskError) {
      throw new DriveApiError(400, 'invalidParameter', error.message, {
        name: 'fields',
        type: 'parameter',
      });
    }
    throw error;
  }
}

export function requiredParam(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (value === null || value === '') {
    throw new DriveApiError(400, 'required', `Required parameter: ${name}`, {
      name,
      type: 'parameter',
    });
  }
  return value;
}

export { invalidParameter };
