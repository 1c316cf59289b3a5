import { resolve } from 'node:path';

// Queue instances of this process, by database file: a job enqueued (or given back) through one
// instance wakes the others at once instead of after their next poll.
const listenersByFile = new Map<string, Set<() => void>>();

export function onLocalWakeup(file: string, listener: () => void): () => void {
  const key = resolve(file);
  let listeners = listenersByFile.get(key);
  if (!listeners) {
    listeners = new Set();
    listenersByFile.set(key, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) listenersByFile.delete(key);
  };
}

export function wakeLocalWorkers(file: string): void {
  for (const listener of listenersByFile.get(resolve(file)) ?? []) listener();
}
