import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiProblem } from '../src/api/api-problem';
import { ProblemMessage } from '../src/components/problem-message';
import { PageHarness } from './page-harness';

describe('ProblemMessage', () => {
  let harness: PageHarness;
  beforeEach(() => {
    harness = new PageHarness();
  });
  afterEach(() => harness.unmount());

  it('shows the words and keeps the machine code out of them', async () => {
    await harness.render(
      <ProblemMessage
        problem={
          new ApiProblem(400, 'invalid_request', 'The schedule is not valid.', [
            { field: 'schedule.cron', message: 'must not run more than once an hour' },
          ])
        }
      />,
    );
    const alert = harness.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(
      'The schedule is not valid.schedule.cron must not run more than once an hour',
    );
    expect(alert?.textContent).not.toContain('invalid_request');
    expect(alert?.getAttribute('data-code')).toBe('invalid_request');
  });

  it('shows nothing without a problem', async () => {
    await harness.render(<ProblemMessage problem={null} />);
    expect(harness.container.innerHTML).toBe('');
  });
});
