/** What a schedule re-syncs, in a few words, from its (redacted) spec. */
export function describeSource(type: string, spec: Record<string, unknown>): string {
  const parts: string[] = [];
  const text = (key: string) => (typeof spec[key] === 'string' ? (spec[key] as string) : null);
  switch (type) {
    case 'WIKI':
      if (text('url')) parts.push(text('url')!);
      if (text('space')) parts.push(`space ${text('space')}`);
      if (text('cql')) parts.push(`CQL ${text('cql')}`);
      break;
    case 'DRIVE':
      parts.push(text('folder_name') ? `folders named ${text('folder_name')}` : 'the whole drive');
      break;
    case 'PAGES': {
      const ids = Array.isArray(spec.page_ids) ? spec.page_ids.length : 0;
      parts.push(
        ids > 0 ? `${ids} page${ids === 1 ? '' : 's'} and their children` : 'every shared page',
      );
      break;
    }
  }
  parts.push(spec.token ? 'with its stored token' : 'with your connection');
  return parts.join(' · ');
}
