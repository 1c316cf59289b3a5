/** A resource shape: nested objects (or arrays of them) and leaves. */
export interface FieldSchema {
  [name: string]: FieldSchema | 'leaf';
}

/** Selected fields: `true` takes the whole value, a nested mask a part of it. */
export type FieldMask = Map<string, FieldMask | true>;

/** Google answers 400 `invalidParameter` on `fields` with "Invalid field selection <name>". */
export class FieldMaskError extends Error {
  constructor(readonly selection: string) {
    super(`Invalid field selection ${selection}`);
    this.name = 'FieldMaskError';
  }
}

/**
 * Parses the partial-response syntax: `a,b/c,d(e,f(g)),*`. Paths with `/` and parenthesised
 * sub-selections both nest; repeated parts merge.
 */
export function parseFieldMask(fields: string): FieldMask {
  const reader = { text: fields, index: 0 };
  const mask = parseList(reader);
  if (reader.index < fields.length) throw new FieldMaskError(fields.slice(reader.index));
  return mask;
}

interface Reader {
  text: string;
  index: number;
}

function parseList(reader: Reader): FieldMask {
  const mask: FieldMask = new Map();
  for (;;) {
    const path = readPath(reader);
    let selection: FieldMask | true = true;
    if (reader.text[reader.index] === '(') {
      reader.index += 1;
      selection = parseList(reader);
      if (reader.text[reader.index] !== ')') throw new FieldMaskError(reader.text);
      reader.index += 1;
    }
    addPath(mask, path, selection);
    skipSpaces(reader);
    if (reader.text[reader.index] !== ',') return mask;
    reader.index += 1;
  }
}

function readPath(reader: Reader): string[] {
  skipSpaces(reader);
  const match = /^(\*|[A-Za-z_][A-Za-z0-9_]*)(\/(\*|[A-Za-z_][A-Za-z0-9_]*))*/.exec(
    reader.text.slice(reader.index),
  );
  if (!match) throw new FieldMaskError(reader.text.slice(reader.index) || reader.text);
  reader.index += match[0].length;
  skipSpaces(reader);
  return match[0].split('/');
}

function skipSpaces(reader: Reader): void {
  while (reader.text[reader.index] === ' ') reader.index += 1;
}

function addPath(mask: FieldMask, path: string[], selection: FieldMask | true): void {
  const [head, ...rest] = path as [string, ...string[]];
  const existing = mask.get(head);
  if (existing === true) return;
  if (rest.length === 0 && selection === true) {
    mask.set(head, true);
    return;
  }
  const target: FieldMask = existing ?? new Map();
  mask.set(head, target);
  if (rest.length > 0) addPath(target, rest, selection);
  else if (selection !== true) for (const [name, sub] of selection) addPath(target, [name], sub);
}

/** Throws FieldMaskError for a field the resource does not have (checked even when absent). */
export function validateFieldMask(mask: FieldMask, schema: FieldSchema, prefix = ''): void {
  for (const [name, selection] of mask) {
    if (name === '*') {
      if (selection !== true) throw new FieldMaskError(`${prefix}*`);
      continue;
    }
    const child = schema[name];
    if (child === undefined) throw new FieldMaskError(`${prefix}${name}`);
    if (selection === true) continue;
    if (child === 'leaf') throw new FieldMaskError(`${prefix}${name}`);
    validateFieldMask(selection, child, `${prefix}${name}/`);
  }
}

/** The selected parts of a resource; arrays of objects are projected item by item. */
export function applyFieldMask(
  resource: Record<string, unknown>,
  mask: FieldMask,
): Record<string, unknown> {
  if (mask.get('*') === true) return resource;
  const result: Record<string, unknown> = {};
  for (const [name, selection] of mask) {
    const value = resource[name];
    if (value === undefined) continue;
    if (selection === true) {
      result[name] = value;
    } else if (Array.isArray(value)) {
      result[name] = value.map((item: unknown) =>
        isRecord(item) ? applyFieldMask(item, selection) : item,
      );
    } else if (isRecord(value)) {
      result[name] = applyFieldMask(value, selection);
    }
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
