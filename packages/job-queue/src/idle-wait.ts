export interface IdleWaitOptions {
  timeoutMs: number;
  /** How often `isIdle` is re-checked. */
  pollMs: number;
  /** Describes what is still busy, for the timeout error. */
  describeBusy: () => string;
}

/** Polls until `isIdle()` holds; rejects after `timeoutMs`. Polling keeps every driver uniform. */
export function waitUntilIdle(isIdle: () => boolean, options: IdleWaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  return new Promise<void>((resolve, reject) => {
    const check = (): void => {
      try {
        if (isIdle()) return resolve();
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
          return reject(
            new Error(
              `Job queue still busy after ${options.timeoutMs} ms (${options.describeBusy()})`,
            ),
          );
        }
        setTimeout(check, Math.min(options.pollMs, remaining));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    check();
  });
}
