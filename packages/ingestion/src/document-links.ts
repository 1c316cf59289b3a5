import type { DocumentRef } from '@docent/connector-sdk';
import { type DocumentLinks, PAGE_NUMBER_PLACEHOLDER } from '@docent/metadata-store';

/**
 * A ref's links as the catalog stores them. Only absolute http(s) URLs are kept: a link is
 * shown to users, and a source must not make it `javascript:` or a relative path. A page link
 * is kept only from a connector whose descriptor says it gives them (`links.pageLinks`).
 */
export function documentLinks(ref: DocumentRef, pageLinks: boolean): DocumentLinks {
  const template = pageLinks ? webLink(ref.pageUrlTemplate) : null;
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
