import { GOOGLE_MIME } from './drive-mime-types';
import type { FakeDriveFile } from './fake-drive-types';
import { invalidParameter } from './request-params';

type Comparator = (a: FakeDriveFile, b: FakeDriveFile) => number;

const KEYS: Record<string, Comparator> = {
  name: (a, b) => a.name.localeCompare(b.name),
  name_natural: (a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }),
  createdTime: (a, b) => Date.parse(a.createdTime) - Date.parse(b.createdTime),
  modifiedTime: (a, b) => Date.parse(a.modifiedTime) - Date.parse(b.modifiedTime),
  starred: (a, b) => Number(b.starred) - Number(a.starred),
  folder: (a, b) =>
    Number(b.mimeType === GOOGLE_MIME.folder) - Number(a.mimeType === GOOGLE_MIME.folder),
};

/**
 * `orderBy` such as `folder,modifiedTime desc,name`. Without it the fake keeps insertion order
 * (Google documents no default order).
 */
export function fileOrdering(orderBy: string | null): Comparator {
  if (orderBy === null || orderBy.trim() === '') return () => 0;
  const comparators = orderBy.split(',').map((part): Comparator => {
    const [key, direction, ...rest] = part.trim().split(/\s+/);
    const compare = KEYS[key ?? ''];
    if (!compare || rest.length > 0 || (direction !== undefined && direction !== 'desc')) {
      throw invalidParameter('orderBy', `Invalid sort key: ${part.trim()}`);
    }
    return direction === 'desc' ? (a, b) => compare(b, a) : compare;
  });
  return (a, b) => {
    for (const compare of comparators) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
}
