export interface IdleWaitOptions {
  timeoutMs: number;
  /** How often `isIdle` is re-checked. */
  pollMs: number;
  /** Describes what is still busy, for the timeout error. */
  describeBusy: () => string | Promise<string>;
}

/** Polls until `isIdle()` holds; rejects after `timeoutMs`. Polling keeps every driver uniform. */
export async function waitUntilIdle(
  isIdle: () => boolean | Promise<boolean>,
  options: IdleWaitOptions,
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await isIdle()) return;
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new Error(
        `Job queue still busy after ${options.timeoutMs} ms (${await options.describeBusy()})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.pollMs, remaining)));
  }
}
