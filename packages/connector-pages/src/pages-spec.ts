import { createHash } from 'node:crypto';
import { type AuthMode, readSpecFields, type SpecValidation } from '@docent/connector-sdk';
import { extractNotionId } from './notion-id';

/** The PAGES source spec: no `page_ids` means every page the token can reach. */
export interface PagesSpec {
  token?: string;
  /** Dashed lower-case page (or database) ids, deduplicated, in the order given. */
  page_ids?: string[];
}

/** A bound on the selection, which also bounds the source key. */
export const MAX_PAGE_IDS = 1000;
/** Longer id lists are hashed in the source key. */
const MAX_LISTED_KEY_LENGTH = 512;

/** Checks what the request schema cannot and returns the spec normalised, nulls dropped. */
export function validatePagesSpec(raw: unknown): SpecValidation<PagesSpec> {
  const fields = readSpecFields(raw);
  if (!fields.ok) return fields;
  const { input, errors, token } = fields;
  const spec: PagesSpec = token === undefined ? {} : { token };

  const pageIds = input.page_ids;
  if (pageIds !== undefined && pageIds !== null) {
    if (!Array.isArray(pageIds)) {
      errors.push({ field: 'spec.page_ids', message: 'must be a list of page ids or page URLs' });
    } else if (pageIds.length === 0) {
      errors.push({
        field: 'spec.page_ids',
        message:
          'give at least one page id, or leave page_ids out to ingest every page the token can reach',
      });
    } else if (pageIds.length > MAX_PAGE_IDS) {
      errors.push({ field: 'spec.page_ids', message: `at most ${MAX_PAGE_IDS} pages` });
    } else {
      const ids: string[] = [];
      pageIds.forEach((entry: unknown, index) => {
        const id = typeof entry === 'string' ? extractNotionId(entry) : undefined;
        if (id === undefined) {
          errors.push({
            field: `spec.page_ids[${index}]`,
            message:
              typeof entry === 'string'
                ? 'is not a Notion page id or page URL (expected 32 hex digits, with or without dashes)'
                : 'must be a string',
          });
        } else if (!ids.includes(id)) {
          ids.push(id);
        }
      });
      spec.page_ids = ids;
    }
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, spec };
}

/** A token in the spec → Bearer (internal integration); none → the account's OAuth connection. */
export function pagesAuthMode(spec: PagesSpec): AuthMode {
  return spec.token !== undefined ? 'bearer' : 'oauth';
}

/** The selection, order-free: the sorted page ids (hashed when long), or `#all`. */
export function pagesSourceKey(spec: PagesSpec): string {
  if (spec.page_ids === undefined) return 'notion:#all';
  const listed = [...spec.page_ids].sort().join(',');
  if (listed.length <= MAX_LISTED_KEY_LENGTH) return `notion:pages=${listed}`;
  return `notion:pages#sha256=${createHash('sha256').update(listed).digest('hex')}`;
}
