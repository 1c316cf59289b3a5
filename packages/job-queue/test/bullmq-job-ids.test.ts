import { fromBullMqJobId, toBullMqJobId } from '../src/bullmq/bullmq-job-ids';

describe('BullMQ job ids', () => {
  it.each([
    ['ingestion-7f3a', 'ingestion-7f3a'],
    ['ingestion:42', 'ingestion%3A42'],
    ['a:b:c', 'a%3Ab%3Ac'],
    ['100%', '100%25'],
    ['%3A', '%253A'],
    ['123', '%3123'],
    ['-5', '%2D5'],
    ['0', '%30'],
    ['12a', '12a'],
    ['héllo ✓', 'héllo ✓'],
  ])('stores %j as %j, which BullMQ accepts', (jobId, stored) => {
    expect(toBullMqJobId(jobId)).toBe(stored);
    expect(stored.includes(':')).toBe(false);
    expect(`${parseInt(stored, 10)}`).not.toBe(stored);
    expect(fromBullMqJobId(stored)).toBe(jobId);
  });

  it('reads ids it did not escape unchanged', () => {
    expect(fromBullMqJobId('plain-id')).toBe('plain-id');
  });
});
