const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COMPACT = /^[0-9a-f]{32}$/i;
const DASHED_RUN =
  /(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f-])/i;
const COMPACT_RUN = /(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/i;
const TITLED_SEGMENT = /-([0-9a-f]{32})$/i;
const ID_PARAMETERS = ['p', 'page_id', 'database_id'];

/**
 * The page (or database) id in what a user pasted, dashed and lower-case; undefined when there
 * is none. Follows the order of the Notion SDK's `extractNotionId`:
 * 1. the whole input is a UUID, dashed or not;
 * 2. the last path segment of the form `Title-<32 hex>`;
 * 3. the `p=`, `page_id=` or `database_id=` query parameter (`p=` is a page opened from a
 *    database view, whose path holds the database id);
 * 4. any UUID in the rest, never the `v=` view id nor the `#` block anchor.
 */
export function extractNotionId(input: string): string | undefined {
  const text = input.trim();
  const whole = asId(text);
  if (whole !== undefined) return whole;

  const url = parseUrl(text);
  if (url === undefined) return anyIdIn(text.replace(/#.*$/, '').replace(/[?&]v=[^&#]*/g, ''));

  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  for (let i = segments.length - 1; i >= 0; i -= 1) {
    const match = TITLED_SEGMENT.exec(safeDecode(segments[i]!));
    if (match) return dash(match[1]!.toLowerCase());
  }
  for (const name of ID_PARAMETERS) {
    const value = url.searchParams.get(name);
    const id = value === null ? undefined : asId(value);
    if (id !== undefined) return id;
  }
  url.searchParams.delete('v');
  return anyIdIn(`${safeDecode(url.pathname)}?${url.searchParams.toString()}`);
}

function asId(value: string): string | undefined {
  const trimmed = value.trim();
  if (DASHED.test(trimmed)) return trimmed.toLowerCase();
  if (COMPACT.test(trimmed)) return dash(trimmed.toLowerCase());
  return undefined;
}

function anyIdIn(text: string): string | undefined {
  const dashed = DASHED_RUN.exec(text);
  if (dashed) return dashed[0].toLowerCase();
  const compact = COMPACT_RUN.exec(text);
  return compact ? dash(compact[0].toLowerCase()) : undefined;
}

/** An http(s) URL, with the scheme optional for pasted `www.notion.so/...` links. */
function parseUrl(text: string): URL | undefined {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ? text
    : /^[\w-]+(\.[\w-]+)+\//.test(text)
      ? `https://${text}`
      : undefined;
  if (candidate === undefined) return undefined;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function dash(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
