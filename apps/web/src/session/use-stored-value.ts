import { useCallback, useState } from 'react';

/** A string remembered in localStorage (e.g. the namespace last used), per browser. */
export function useStoredValue(key: string, fallback: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => readStored(key) ?? fallback);
  const update = useCallback(
    (next: string) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // Storage can be disabled (private mode); the value then lives for this page only.
      }
    },
    [key],
  );
  return [value, update];
}

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const NAMESPACE_KEY = 'docent.namespace';
export const COLLECTION_KEY = 'docent.collection';
export const DEFAULT_NAMESPACE = 'default';
