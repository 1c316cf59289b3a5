import type { DocumentRef } from '@docent/connector-sdk';
import { type DocumentLinks, PAGE_NUMBER_PLACEHOLDER } from '@docent/metadata-store';

/**
 * A ref's links as the catalog stores them. Only absolute http(s) URLs are kept: a link is
 * shown to users, and a source must not make it `javascript:` or a relative path.
 */
export function documentLinks(ref: DocumentRef): DocumentLinks {
  const template = webLink(ref.pageUrlTemplate);
  return {
    sourceUrl: webLink(ref.url),
    pageUrlTemplate: template?.includes(PAGE_NUMBER_PLACEHOLDER) ? template : null,
  };
}

function webLink(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}
