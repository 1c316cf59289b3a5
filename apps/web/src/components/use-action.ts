import { useCallback, useState } from 'react';
import { asProblem, type ApiProblem } from '../api/api-problem';

export interface Action {
  pending: boolean;
  problem: ApiProblem | null;
  /** Runs the call; its problem (if any) is kept for display and `undefined` returned. */
  run<T>(call: () => Promise<T>): Promise<T | undefined>;
  clear(): void;
}

/** One API call at a time with its pending flag and last problem, for a form or a button. */
export function useAction(): Action {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const run = useCallback(async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    setPending(true);
    setProblem(null);
    try {
      return await call();
    } catch (error) {
      setProblem(asProblem(error));
      return undefined;
    } finally {
      setPending(false);
    }
  }, []);
  const clear = useCallback(() => setProblem(null), []);
  return { pending, problem, run, clear };
}
