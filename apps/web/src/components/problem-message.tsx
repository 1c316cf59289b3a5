import type { ApiProblem } from '../api/api-problem';

/** A problem from the API, announced at once: its detail, code and any field errors. */
export function ProblemMessage({ problem }: { problem: ApiProblem | null }) {
  if (!problem) return null;
  return (
    <div className="problem" role="alert">
      <p>
        {problem.detail}{' '}
        {problem.code ? <code className="problem-code">{problem.code}</code> : null}
      </p>
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
