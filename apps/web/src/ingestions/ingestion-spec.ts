import type { Connector } from '../api/wire-types';

/**
 * A connector's form, read from its descriptor (`GET /connectors`): the spec's JSON Schema gives
 * the fields, their kinds, bounds and which are required; the UI hints give labels, help and the
 * order; `x-exactly-one-of` (or a `oneOf` of single `required` branches) gives a choice. Nothing
 * here knows a source type.
 */
export interface SpecForm {
  fields: SpecField[];
  /** Groups of which exactly one field is given (`space` or `cql`). */
  choices: string[][];
}

export type SpecFieldKind = 'text' | 'integer' | 'number' | 'boolean' | 'list' | 'enum' | 'json';

export interface SpecField {
  name: string;
  kind: SpecFieldKind;
  label: string;
  help: string | null;
  placeholder: string | null;
  secret: boolean;
  required: boolean;
  /** Integer/number bounds, list length bound, allowed values. */
  minimum: number | null;
  maximum: number | null;
  maxItems: number | null;
  options: string[];
}

/** What a person typed: text (lists one item per line, JSON as text) or a tick. */
export type SpecValues = Record<string, string | boolean>;

export function specFormOf(connector: Connector): SpecForm {
  const schema = connector.spec_schema as SchemaNode;
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<
    string,
    SchemaNode
  >;
  const required = new Set(stringsOf(schema.required));
  const hints = connector.ui.fields;
  // The descriptor's order first, then any property it gives no hint for.
  const names = [
    ...Object.keys(hints).filter((n) => n in properties),
    ...Object.keys(properties).filter((n) => !(n in hints)),
  ];
  const fields = names.map((name): SpecField => {
    const node = properties[name] ?? {};
    const hint = hints[name];
    const label = hint?.label ?? labelOfName(name);
    const secret = hint?.secret ?? connector.secret_fields.includes(name);
    return {
      name,
      kind: kindOf(node),
      label,
      // A credential's schema description speaks to API clients ("omit…", "never echoed"); the
      // form says itself what an empty one means.
      help: hint?.help ?? (secret ? null : helpOfDescription(node.description, label)),
      placeholder:
        hint?.placeholder ??
        (typeof node.example === 'string' || typeof node.example === 'number'
          ? String(node.example)
          : null),
      secret,
      required: required.has(name),
      minimum: typeof node.minimum === 'number' ? node.minimum : null,
      maximum: typeof node.maximum === 'number' ? node.maximum : null,
      maxItems: typeof node.maxItems === 'number' ? node.maxItems : null,
      options: stringsOf(node.enum),
    };
  });
  return { fields, choices: choicesOf(schema).filter((c) => c.every((n) => n in properties)) };
}

/** The choice a field belongs to, if any. */
export function choiceOf(form: SpecForm, name: string): string[] | null {
  return form.choices.find((c) => c.includes(name)) ?? null;
}

/** Each choice's first field picked, every box unticked, every text empty. */
export function emptyValues(form: SpecForm): {
  values: SpecValues;
  chosen: Record<string, string>;
} {
  const values: SpecValues = {};
  for (const f of form.fields) values[f.name] = f.kind === 'boolean' ? false : '';
  const chosen: Record<string, string> = {};
  for (const c of form.choices) chosen[choiceKey(c)] = c[0]!;
  return { values, chosen };
}

export function choiceKey(choice: string[]): string {
  return choice.join('|');
}

export type SpecResult =
  { ok: true; spec: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * The `spec` of `create_ingestion`: empty optional fields are left out (an empty token means
 * "use my connection"), only the chosen field of a choice is sent; what the schema asks for and
 * a person left out is an error on that field.
 */
export function specOf(
  form: SpecForm,
  values: SpecValues,
  chosen: Record<string, string>,
): SpecResult {
  const spec: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const choice = choiceOf(form, field.name);
    if (choice && chosen[choiceKey(choice)] !== field.name) continue;
    const needed = field.required || choice !== null;
    const raw = values[field.name];
    if (field.kind === 'boolean') {
      if (raw === true) spec[field.name] = true;
      else if (field.required) spec[field.name] = false;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') {
      if (needed) errors[field.name] = 'is required';
      continue;
    }
    const read = readValue(field, text);
    if ('error' in read) errors[field.name] = read.error;
    else if (read.value !== undefined) spec[field.name] = read.value;
    else if (needed) errors[field.name] = 'is required';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, spec };
}

function readValue(field: SpecField, text: string): { value: unknown } | { error: string } {
  switch (field.kind) {
    case 'integer':
    case 'number': {
      const number = Number(text);
      if (!Number.isFinite(number) || (field.kind === 'integer' && !Number.isInteger(number))) {
        return { error: field.kind === 'integer' ? 'must be a whole number' : 'must be a number' };
      }
      if (field.minimum !== null && number < field.minimum) {
        return { error: `must be at least ${field.minimum}` };
      }
      if (field.maximum !== null && number > field.maximum) {
        return { error: `must be at most ${field.maximum}` };
      }
      return { value: number };
    }
    case 'list': {
      const items = text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
      if (field.maxItems !== null && items.length > field.maxItems) {
        return { error: `at most ${field.maxItems} lines` };
      }
      return { value: items.length > 0 ? items : undefined };
    }
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { error: 'must be JSON' };
      }
    default:
      return { value: text };
  }
}

interface SchemaNode {
  type?: unknown;
  properties?: unknown;
  required?: unknown;
  items?: unknown;
  enum?: unknown;
  oneOf?: unknown;
  description?: unknown;
  example?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  maxItems?: unknown;
  'x-exactly-one-of'?: unknown;
}

function kindOf(node: SchemaNode): SpecFieldKind {
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  if (stringsOf(node.enum).length > 0) return 'enum';
  switch (type) {
    case 'string':
      return 'text';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const items = (isObject(node.items) ? node.items : {}) as SchemaNode;
      return items.type === 'string' ? 'list' : 'json';
    }
    default:
      return 'json';
  }
}

/** `x-exactly-one-of: [a, b]`, or `oneOf: [{required: [a]}, {required: [b]}]`. */
function choicesOf(schema: SchemaNode): string[][] {
  const choices: string[][] = [];
  const exactly = stringsOf(schema['x-exactly-one-of']);
  if (exactly.length > 1) choices.push(exactly);
  if (Array.isArray(schema.oneOf)) {
    const branches = schema.oneOf.map((b) =>
      isObject(b) ? stringsOf((b as SchemaNode).required) : [],
    );
    if (branches.length > 1 && branches.every((b) => b.length === 1)) {
      choices.push(branches.map((b) => b[0]!));
    }
  }
  return choices;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `folder_name` → `Folder name`, for a field the descriptor gives no label. */
function labelOfName(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A schema description as help: without Markdown's code marks, none when it only repeats the label. */
function helpOfDescription(value: unknown, label: string): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/`/g, '').trim();
  const bare = (s: string) => s.toLowerCase().replace(/[.\s]+$/, '');
  return text === '' || bare(text) === bare(label) ? null : text;
}
