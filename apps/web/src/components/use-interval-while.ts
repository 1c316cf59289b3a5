import { useEffect, useRef } from 'react';

/**
 * Calls `tick` every `intervalMs` while `active`, waiting for each call to finish before the
 * next is scheduled (a slow server never gets overlapping polls).
 */
export function useIntervalWhile(
  active: boolean,
  tick: () => Promise<void>,
  intervalMs = 1000,
): void {
  const tickRef = useRef(tick);
  tickRef.current = tick;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (): void => {
      timer = setTimeout(() => {
        void tickRef.current().finally(() => {
          if (!stopped) schedule();
        });
      }, intervalMs);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs]);
}
