import { useCallback, useEffect, useRef, useState } from 'react';
import { asProblem, type ApiProblem } from '../api/api-problem';

export interface Loaded<T> {
  data: T | null;
  problem: ApiProblem | null;
  loading: boolean;
  reload(): Promise<void>;
}

/**
 * Data fetched when the page (or a key, e.g. the namespace) changes; a response that arrives
 * after a newer request started is dropped so a slow answer never overwrites a fresh one.
 */
export function useLoaded<T>(load: (() => Promise<T>) | null, key: string): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [loading, setLoading] = useState(false);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    const current = loadRef.current;
    const mine = ++generation.current;
    if (!current) {
      // A request still in flight is dropped below, so its `finally` no longer clears the flag.
      setData(null);
      setProblem(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      const result = await current();
      if (mine !== generation.current) return;
      setData(result);
      setProblem(null);
    } catch (error) {
      if (mine !== generation.current) return;
      setData(null);
      setProblem(asProblem(error));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [key, reload]);

  return { data, problem, loading, reload };
}
