import type { Block } from '@docent/connector-sdk';
import { isObject, type JsonObject, type NotionPage, plainText } from './notion-objects';

/**
 * Database rows keep much of their content in properties (status, owner, dates...): one
 * `Name: value` line each, before the body. Timestamps, relations and files say nothing a
 * reader asks about and are left out, as are empty values. Plain pages have only a title.
 */
export function propertyBlocks(page: NotionPage): Block[] {
  const blocks: Block[] = [];
  for (const [name, property] of Object.entries(page.properties)) {
    if (property.type === 'title') continue;
    const value = propertyText(property).trim();
    if (value !== '') blocks.push({ kind: 'paragraph', text: `${name}: ${value}` });
  }
  return blocks;
}

function propertyText(property: JsonObject): string {
  const value = property[String(property.type)];
  switch (property.type) {
    case 'rich_text':
      return plainText(value);
    case 'select':
    case 'status':
      return isObject(value) && typeof value.name === 'string' ? value.name : '';
    case 'multi_select':
      return Array.isArray(value)
        ? value
            .flatMap((option) =>
              isObject(option) && typeof option.name === 'string' ? [option.name] : [],
            )
            .join(', ')
        : '';
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'checkbox':
      return value === true ? 'Yes' : value === false ? 'No' : '';
    case 'date':
      return dateText(value);
    case 'url':
    case 'email':
    case 'phone_number':
      return typeof value === 'string' ? value : '';
    case 'people':
      return Array.isArray(value)
        ? value
            .flatMap((person) =>
              isObject(person) && typeof person.name === 'string' ? [person.name] : [],
            )
            .join(', ')
        : '';
    case 'formula':
      return formulaText(value);
    case 'unique_id':
      return isObject(value) && typeof value.number === 'number'
        ? `${typeof value.prefix === 'string' ? `${value.prefix}-` : ''}${value.number}`
        : '';
    default:
      return '';
  }
}

function dateText(value: unknown): string {
  if (!isObject(value) || typeof value.start !== 'string') return '';
  return typeof value.end === 'string' ? `${value.start} to ${value.end}` : value.start;
}

function formulaText(value: unknown): string {
  if (!isObject(value)) return '';
  const result = value[String(value.type)];
  if (value.type === 'date') return dateText(result);
  return typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean'
    ? String(result)
    : '';
}
