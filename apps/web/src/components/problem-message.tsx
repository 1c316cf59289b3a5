import type { ApiProblem } from '../api/api-problem';
import { asSentence } from './sentence';

/**
 * A problem from the API, announced at once: its detail and any field errors, in words. The
 * machine code (`unauthorized`) is for programs: kept in `data-code`, never shown beside them.
 */
export function ProblemMessage({ problem }: { problem: ApiProblem | null }) {
  if (!problem) return null;
  return (
    <div className="problem" role="alert" data-code={problem.code || undefined}>
      <p>{asSentence(problem.detail)}</p>
      {problem.fieldErrors.length > 0 ? (
        <ul>
          {problem.fieldErrors.map((e, i) => (
            <li key={`${e.field}-${i}`}>
              {e.field ? <code>{e.field}</code> : null} {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
