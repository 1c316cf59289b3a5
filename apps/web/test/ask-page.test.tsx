import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../src/api/api-client';
import { DOCUMENT_PAGE_SIZE } from '../src/ask/document-picker';
import { AskPage } from '../src/pages/ask-page';
import { COLLECTION_KEY, NAMESPACE_KEY } from '../src/session/use-stored-value';
import { PageHarness, fakeApi, settle, type Handler } from './page-harness';

function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(element) as object;
  act(() => {
    // React tracks the value it set: go through the native setter so the change is seen.
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The sentence the answers below quote, after an emoji (2 UTF-16 units, 1 code point). */
const SENTENCE = 'Skylark listens on TCP port 7443 by default.';
const EXCERPT = `🚀 Skylark is the tool we use for blue-green deployments. ${SENTENCE} See Heron.`;
const START = Array.from(EXCERPT).indexOf('S', 3);

const collectionsOf =
  (byNamespace: Record<string, string[]>): Handler =>
  (body) => {
    const names = byNamespace[String(body.namespace_name)];
    if (!names) return { status: 404, body: { code: 'not_found', detail: 'No such namespace.' } };
    return {
      status: 200,
      body: {
        collections: names.map((name, i) => ({
          collection_name: name,
          document_count: i + 2,
          chunk_count: 10,
          created_at: '2026-11-21T10:00:00Z',
          updated_at: '2026-11-21T10:00:00Z',
        })),
        next_cursor: null,
      },
    };
  };

const found = {
  answer: SENTENCE,
  found: true,
  short_answer: '7443',
  refs: [
    {
      doc_name: 'Skylark',
      page_num: 1,
      sample_text: EXCERPT,
      url: 'https://wiki.example/spaces/ENG/pages/701',
      highlight: { start: START, end: START + Array.from(SENTENCE).length },
    },
    // Titles and excerpts are text, never HTML; a link the UI must not make clickable.
    {
      doc_name: '<img src=x onerror="alert(1)">',
      page_num: 3,
      sample_text: '<b>not bold</b>',
      url: 'javascript:alert(1)',
      highlight: null,
    },
    {
      doc_name: 'Invoice \u202Efdp.exe',
      page_num: 1,
      sample_text: 'p',
      url: null,
      highlight: null,
    },
  ],
};

const notFound = {
  answer: 'I could not find an answer to that in this collection.',
  found: false,
  short_answer: null,
  refs: [],
};

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
  const $ = <E extends Element = HTMLElement>(selector: string, root: ParentNode = container) =>
    root.querySelector<E>(selector);
  const $$ = (selector: string, root: ParentNode = container) => [
    ...root.querySelectorAll<HTMLElement>(selector),
  ];

  function field<E extends HTMLElement = HTMLInputElement>(label: string): E {
    const found = $$('label').find((l) => l.textContent === label) as HTMLLabelElement | undefined;
    const control = found ? document.getElementById(found.htmlFor) : null;
    if (!control) throw new Error(`no field labelled ${label}`);
    return control as E;
  }

  async function submit(): Promise<void> {
    await act(async () => {
      $<HTMLFormElement>('form')?.requestSubmit();
    });
    await settle();
  }

  it('picks the collection from /collections/list of the namespace, the last one used first', async () => {
    window.localStorage.setItem(NAMESPACE_KEY, 'acme');
    window.localStorage.setItem(COLLECTION_KEY, 'wiki');
    const { api, requests } = fakeApi({
      '/collections/list': collectionsOf({ acme: ['drive', 'wiki'], beta: ['notes'] }),
      '/docs/ask': () => ({ status: 200, body: notFound }),
    });
    await render(api);
    const select = field<HTMLSelectElement>('Collection');
    expect(select.tagName).toBe('SELECT');
    expect($$('option', select).map((o) => o.textContent)).toEqual([
      'drive (2 documents)',
      'wiki (3 documents)',
    ]);
    expect($('optgroup', select)?.getAttribute('label')).toBe('Namespace acme');
    expect(select.value).toBe('wiki');

    // Another namespace lists its own collections; one not remembered defaults to the first.
    typeInto(field('Namespace'), 'beta');
    await settle();
    expect($$('option', select).map((o) => o.getAttribute('value'))).toEqual(['notes']);
    expect(requests.filter((r) => r.path === '/collections/list').at(-1)?.body).toEqual({
      namespace_name: 'beta',
      limit: 1000,
    });
    typeInto(field('Namespace'), 'acme');
    await settle();
    choose(select, 'drive');
    typeInto(field<HTMLTextAreaElement>('Question'), 'Anything?');
    await submit();
    expect(requests.find((r) => r.path === '/docs/ask')?.body).toEqual({
      namespace_name: 'acme',
      collection_name: 'drive',
      question: 'Anything?',
      stream: true,
    });
    expect(window.localStorage.getItem(COLLECTION_KEY)).toBe('drive');
  });

  it('offers the documents of /docs/list, page after page, and asks only the one picked', async () => {
    window.localStorage.setItem(NAMESPACE_KEY, 'acme');
    const docs = Array.from({ length: DOCUMENT_PAGE_SIZE + 3 }, (_, i) => `Page ${i + 1}`);
    const { api, requests } = fakeApi({
      '/collections/list': collectionsOf({ acme: ['wiki'] }),
      '/docs/list': (body) => {
        const from = body.cursor === 'c2' ? DOCUMENT_PAGE_SIZE : 0;
        const page = docs.slice(from, from + Number(body.limit));
        return {
          status: 200,
          body: {
            documents: page.map((doc_name) => ({
              doc_name,
              source_type: 'WIKI',
              source_id: doc_name,
              source_url: null,
              page_count: 1,
              chunk_count: 1,
              updated_at: '2026-11-21T10:00:00Z',
            })),
            next_cursor: from === 0 ? 'c2' : null,
          },
        };
      },
      '/docs/ask': () => ({ status: 200, body: found }),
    });
    await render(api);
    // Nothing is listed until the options are opened.
    expect(requests.some((r) => r.path === '/docs/list')).toBe(false);
    const details = $<HTMLDetailsElement>('details.options')!;
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await settle();
    const options = () =>
      $$('[data-testid="document-options"] option').map((o) => o.getAttribute('value'));
    expect(options()).toHaveLength(DOCUMENT_PAGE_SIZE);
    expect($('[data-testid="document-count"]')?.textContent).toBe(
      `${DOCUMENT_PAGE_SIZE} of 2 documents suggested.`,
    );
    await act(async () => harness.button('More documents')!.click());
    await settle();
    expect(options()).toEqual(docs);
    expect(harness.button('More documents')).toBeUndefined();
    expect(requests.filter((r) => r.path === '/docs/list').map((r) => r.body)).toEqual([
      { namespace_name: 'acme', collection_name: 'wiki', limit: DOCUMENT_PAGE_SIZE },
      { namespace_name: 'acme', collection_name: 'wiki', limit: DOCUMENT_PAGE_SIZE, cursor: 'c2' },
    ]);

    typeInto(field('Only this document (optional)'), 'Page 202');
    expect($('details.options summary')?.textContent).toBe('Options · only Page 202');
    typeInto(field<HTMLTextAreaElement>('Question'), 'Which port?');
    await submit();
    expect(requests.find((r) => r.path === '/docs/ask')?.body).toMatchObject({
      collection_name: 'wiki',
      doc_name: 'Page 202',
    });
  });

  it('shows the answer as a quote of its page, short answer in bold, sentence highlighted, other passages folded', async () => {
    window.localStorage.setItem(NAMESPACE_KEY, 'acme');
    const { api } = fakeApi({
      '/collections/list': collectionsOf({ acme: ['eng'] }),
      '/docs/ask': () => ({ status: 200, body: found }),
    });
    await render(api);
    typeInto(field<HTMLTextAreaElement>('Question'), 'Which port does Skylark listen on?');
    await submit();

    const exchange = $('[data-testid="exchange"]')!;
    // The answer is a quote, attributed to its page before it is read.
    const figure = $('figure.answer', exchange)!;
    expect($('figcaption', figure)?.textContent).toBe('Quoted from Skylark, page 1');
    expect($('figcaption bdi', figure)?.textContent).toBe('Skylark');
    expect($('figcaption a', figure)?.getAttribute('href')).toBe(
      'https://wiki.example/spaces/ENG/pages/701',
    );
    // Screen readers hear the answer and its source, not every passage.
    expect($('[role="status"]')?.textContent).toBe(`Quoted from Skylark, page 1: ${SENTENCE}`);
    const answer = $('blockquote[data-testid="answer"]', figure)!;
    expect(answer.textContent).toBe(SENTENCE);
    expect($$('strong', answer).map((s) => s.textContent)).toEqual(['7443']);

    // The cited passage: the quoted sentence marked inside its excerpt, despite the emoji.
    const cited = $('[data-testid="cited"]', exchange)!;
    expect($('[data-testid="cited-excerpt"]', cited)?.textContent).toBe(EXCERPT);
    expect($$('mark', cited).map((m) => m.textContent)).toEqual([SENTENCE]);
    expect($('a', cited)?.getAttribute('href')).toBe('https://wiki.example/spaces/ENG/pages/701');
    expect(cited.textContent).toContain('page 1');

    // The other passages are folded away, their titles and excerpts plain text, isolated.
    const others = $<HTMLDetailsElement>('details[data-testid="other-passages"]', exchange)!;
    expect(others.open).toBe(false);
    expect($('summary', others)?.textContent).toBe('Other passages (2)');
    const items = $$('li', others);
    expect(items.map((li) => $('bdi', li)?.textContent)).toEqual([
      '<img src=x onerror="alert(1)">',
      'Invoice \u202Efdp.exe',
    ]);
    expect($$('img, b', exchange)).toEqual([]);
    expect(items[0]!.textContent).toContain('<b>not bold</b>');
    // Only http(s) links; no mark where the answer quotes nothing.
    expect($$('a', others)).toEqual([]);
    expect($$('mark', others)).toEqual([]);
    for (const link of $$('a', exchange)) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('says "not found" plainly, with no passages, and the next question follows up', async () => {
    window.localStorage.setItem(NAMESPACE_KEY, 'acme');
    let asked = 0;
    const { api, requests } = fakeApi({
      '/collections/list': collectionsOf({ acme: ['eng'] }),
      '/docs/ask': () => ({ status: 200, body: asked++ === 0 ? found : notFound }),
    });
    await render(api);
    typeInto(field<HTMLTextAreaElement>('Question'), 'Which port does Skylark listen on?');
    await submit();
    // The box is now a follow-up box, focused, and not drawn as invalid though empty.
    const followUp = field<HTMLTextAreaElement>('Follow-up question');
    expect(document.activeElement).toBe(followUp);
    expect(followUp.value).toBe('');
    expect(followUp.getAttribute('aria-invalid')).toBeNull();
    expect($$('.field-error')).toEqual([]);

    typeInto(followUp, 'And which port does billing listen on?');
    await submit();
    const asks = requests.filter((r) => r.path === '/docs/ask').map((r) => r.body);
    expect(asks[1]).toEqual({
      namespace_name: 'acme',
      collection_name: 'eng',
      question: 'And which port does billing listen on?',
      stream: true,
      history_messages: [['Which port does Skylark listen on?', SENTENCE]],
    });
    expect($('[role="status"]')?.textContent).toBe('Not found in eng.');
    const [, second] = $$('[data-testid="exchange"]');
    expect($('[data-testid="not-found"]', second!)?.textContent).toMatch(
      /^Not found\. Nothing in eng answers this question.*Try the words the pages would use/,
    );
    expect($$('[data-testid="answer"], [data-testid="cited"], details, mark, a', second!)).toEqual(
      [],
    );

    // "New conversation" forgets the history.
    await act(async () => harness.button('New conversation')!.click());
    typeInto(field<HTMLTextAreaElement>('Question'), 'Anew?');
    await submit();
    expect(requests.filter((r) => r.path === '/docs/ask').at(-1)?.body).not.toHaveProperty(
      'history_messages',
    );
  });

  it('does not pass an answer the model wrote off as a quote', async () => {
    window.localStorage.setItem(NAMESPACE_KEY, 'acme');
    const written = {
      ...found,
      answer: 'Skylark uses port 7443 [1].',
      refs: found.refs.map((r, i) => ({ ...r, highlight: null, cited: i === 0 })),
    };
    const { api } = fakeApi({
      '/collections/list': collectionsOf({ acme: ['eng'] }),
      '/docs/ask': () => ({ status: 200, body: written }),
    });
    await render(api);
    typeInto(field<HTMLTextAreaElement>('Question'), 'Which port?');
    await submit();
    expect($$('figure, blockquote[data-testid="answer"], mark')).toEqual([]);
    expect($('.answer.written .attribution')?.textContent).toMatch(
      /^Written by the answering model/,
    );
    expect($('[data-testid="answer"] strong')?.textContent).toBe('7443');
    // [1] opens refs[0], listed as source 1 under the answer.
    const citation = $('[data-testid="citation"]');
    expect(citation?.textContent).toBe('[1]');
    expect(citation?.getAttribute('aria-label')).toBe(`Source 1: ${found.refs[0]!.doc_name}`);
    const source = $(citation!.getAttribute('href')!);
    expect(source?.textContent).toContain(found.refs[0]!.sample_text);
  });

  it('marks nothing invalid before a submit; an empty submit names what is missing and sends nothing', async () => {
    const { api, requests } = fakeApi({
      '/collections/list': collectionsOf({ acme: ['eng'] }),
    });
    await render(api);
    typeInto(field('Namespace'), '');
    await settle();
    expect($$('[aria-invalid="true"], .field-error')).toEqual([]);
    await submit();
    expect(field('Namespace').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Namespace'));
    typeInto(field('Namespace'), 'acme');
    await settle();
    await submit();
    const question = field<HTMLTextAreaElement>('Question');
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(question);
    expect($('.field-error')?.textContent).toBe('Type a question first.');
    expect(requests.some((r) => r.path === '/docs/ask')).toBe(false);
    // A name the API would refuse is flagged as soon as it is typed.
    typeInto(field('Namespace'), '-bad');
    expect(field('Namespace').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the problem detail when the document does not exist', async () => {
    window.localStorage.setItem(NAMESPACE_KEY, 'acme');
    const { api } = fakeApi({
      '/collections/list': collectionsOf({ acme: ['eng'] }),
      '/docs/ask': () => ({
        status: 404,
        body: {
          code: 'not_found',
          status: 404,
          title: 'Not found',
          detail: 'Document Nope does not exist in acme/eng.',
        },
      }),
    });
    await render(api);
    typeInto(field<HTMLTextAreaElement>('Question'), 'anything?');
    await submit();
    const alert = $('[role="alert"]');
    expect(alert?.textContent).toContain('Document Nope does not exist in acme/eng.');
    // The code is for programs: kept on the element, not shown beside the words.
    expect(alert?.textContent).not.toContain('not_found');
    expect(alert?.getAttribute('data-code')).toBe('not_found');
    // The question is kept, to try again.
    expect(field<HTMLTextAreaElement>('Question').value).toBe('anything?');
  });
});
