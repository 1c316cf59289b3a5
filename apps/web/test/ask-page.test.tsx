import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../src/api/api-client';
import { AskPage } from '../src/pages/ask-page';
import { PageHarness, fakeApi, settle } from './page-harness';

function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(element) as object;
  act(() => {
    // React tracks the value it set: go through the native setter so the change is seen.
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('AskPage', () => {
  let harness: PageHarness;
  let container: HTMLDivElement;

  beforeEach(() => {
    window.localStorage.clear();
    harness = new PageHarness();
    container = harness.container;
  });

  afterEach(() => harness.unmount());

  const render = (api: ApiClient): Promise<void> => harness.renderSignedIn(api, <AskPage />);

  function field(label: string): HTMLInputElement | HTMLTextAreaElement {
    const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
    const control = found ? document.getElementById(found.htmlFor) : null;
    if (!control) throw new Error(`no field labelled ${label}`);
    return control as HTMLInputElement | HTMLTextAreaElement;
  }

  async function submit(): Promise<void> {
    await act(async () => {
      container.querySelector('form')?.requestSubmit();
    });
    await settle();
  }

  it('asks, shows the answer with its references, then sends the history with a follow-up', async () => {
    let asked = 0;
    const { api, requests } = fakeApi({
      '/collections/list': () => ({
        status: 200,
        body: { collections: [{ collection_name: 'notion' }], next_cursor: null },
      }),
      '/docs/ask': () => {
        asked += 1;
        return {
          status: 200,
          body:
            asked === 1
              ? {
                  answer: 'The Pro plan costs 12 EUR.',
                  refs: [
                    {
                      doc_name: 'Pricing',
                      page_num: 2,
                      sample_text: 'Pro: 12 EUR a month',
                      url: 'https://wiki.example/pricing.pdf#page=2',
                    },
                    // A link the UI must not make clickable, and none at all.
                    { doc_name: 'Trap', page_num: 1, sample_text: 't', url: 'javascript:alert(1)' },
                    { doc_name: 'Plain', page_num: 1, sample_text: 'p', url: null },
                  ],
                }
              : { answer: 'It is blue.', refs: [] },
        };
      },
    });
    await render(api);
    typeInto(field('Namespace'), 'acme');
    typeInto(field('Collection'), 'notion');
    typeInto(field('Question'), 'What does the Pro plan cost?');
    await submit();

    expect(container.querySelector('[data-testid="answer"]')?.textContent).toBe(
      'The Pro plan costs 12 EUR.',
    );
    const refs = container.querySelector('[data-testid="refs"]')?.textContent ?? '';
    expect(refs).toContain('Pricing');
    expect(refs).toContain('page 2');
    expect(refs).toContain('Pro: 12 EUR a month');
    const links = [...container.querySelectorAll('[data-testid="refs"] a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Pricing · page 2', 'https://wiki.example/pricing.pdf#page=2'],
    ]);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    // The box is now a follow-up box and has the focus.
    const followUp = field('Follow-up question');
    expect(document.activeElement).toBe(followUp);

    typeInto(followUp, 'and what colour is it?');
    await submit();
    const asks = requests.filter((r) => r.path === '/docs/ask').map((r) => r.body);
    expect(asks[0]).toEqual({
      namespace_name: 'acme',
      collection_name: 'notion',
      question: 'What does the Pro plan cost?',
    });
    expect(asks[1]).toEqual({
      namespace_name: 'acme',
      collection_name: 'notion',
      question: 'and what colour is it?',
      history_messages: [['What does the Pro plan cost?', 'The Pro plan costs 12 EUR.']],
    });
    expect(container.querySelectorAll('[data-testid="exchange"]')).toHaveLength(2);
  });

  it('shows the problem detail when the collection does not exist', async () => {
    const { api } = fakeApi({
      '/collections/list': () => ({ status: 200, body: { collections: [], next_cursor: null } }),
      '/docs/ask': () => ({
        status: 404,
        body: {
          code: 'not_found',
          status: 404,
          title: 'Not found',
          detail: 'No collection "nope" in "acme".',
        },
      }),
    });
    await render(api);
    typeInto(field('Namespace'), 'acme');
    typeInto(field('Collection'), 'nope');
    typeInto(field('Question'), 'anything?');
    await submit();
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('No collection "nope" in "acme".');
    expect(alert?.textContent).toContain('not_found');
  });
});
