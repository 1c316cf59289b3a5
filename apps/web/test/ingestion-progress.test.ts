import { describe, expect, it } from 'vitest';
import type { Ingestion } from '../src/api/wire-types';
import { progressOf } from '../src/ingestions/ingestion-progress';

function ingestion(
  overrides: Partial<Ingestion>,
  progress: Partial<Ingestion['progress']> = {},
): Ingestion {
  return {
    ingestion_id: 'ing_1',
    namespace_name: 'acme',
    collection_name: 'notion',
    type: 'PAGES',
    spec: {},
    status: 'running',
    created_at: '2026-11-21T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    failures: [],
    unsupported: [],
    warnings: [],
    error: null,
    ...overrides,
    progress: {
      documents_discovered: 0,
      documents_processed: 0,
      documents_skipped: 0,
      documents_failed: 0,
      documents_unsupported: 0,
      chunks_indexed: 0,
      ...progress,
    },
  };
}

describe('progressOf', () => {
  it('is indeterminate while queued or while the source is being listed', () => {
    expect(progressOf(ingestion({ status: 'queued' })).value).toBeNull();
    expect(progressOf(ingestion({ status: 'running' })).value).toBeNull();
  });

  it('counts indexed, unchanged and failed documents against those discovered', () => {
    const view = progressOf(
      ingestion(
        {},
        {
          documents_discovered: 40,
          documents_processed: 10,
          documents_skipped: 5,
          documents_failed: 1,
          chunks_indexed: 99,
        },
      ),
    );
    expect(view).toEqual({
      value: 16,
      max: 40,
      summary: 'Running: 16 of 40 documents · 10 indexed · 5 unchanged · 1 failed · 99 chunks',
    });
  });

  it('counts an unsupported file as dealt with, named apart from the failures', () => {
    const view = progressOf(
      ingestion(
        { status: 'succeeded' },
        {
          documents_discovered: 3,
          documents_processed: 2,
          documents_unsupported: 1,
          chunks_indexed: 4,
        },
      ),
    );
    expect(view.summary).toBe(
      'Succeeded: 3 of 3 documents · 2 indexed · 0 unchanged · 1 unsupported · 0 failed · 4 chunks',
    );
    const running = progressOf(
      ingestion({}, { documents_discovered: 4, documents_processed: 1, documents_unsupported: 1 }),
    );
    expect(running.value).toBe(2);
  });

  it('shows a finished run as full, even an empty one', () => {
    const view = progressOf(ingestion({ status: 'succeeded' }));
    expect(view.value).toBe(view.max);
    expect(view.summary.startsWith('Succeeded: 0 of 0 documents')).toBe(true);
  });

  it('keeps the bar where a failed run stopped', () => {
    const view = progressOf(
      ingestion({ status: 'failed' }, { documents_discovered: 10, documents_processed: 3 }),
    );
    expect(view).toMatchObject({ value: 3, max: 10 });
    expect(view.summary.startsWith('Failed:')).toBe(true);
  });

  it('drops the counts of a run that failed or was canceled before anything was listed', () => {
    expect(progressOf(ingestion({ status: 'failed' })).summary).toBe('Failed');
    expect(progressOf(ingestion({ status: 'canceled' })).summary).toBe('Canceled');
  });

  it('counts one document and one chunk in the singular', () => {
    const view = progressOf(
      ingestion(
        { status: 'succeeded' },
        { documents_discovered: 1, documents_processed: 1, chunks_indexed: 1 },
      ),
    );
    expect(view.summary).toBe(
      'Succeeded: 1 of 1 document · 1 indexed · 0 unchanged · 0 failed · 1 chunk',
    );
  });
});
