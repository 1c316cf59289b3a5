import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ApiClient, type Fetch } from '../src/api/api-client';
import { SessionContext, type SessionState } from '../src/session/session';
import './act-environment';

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
  csrfToken: string | null;
}

export type Handler = (body: Record<string, unknown>) => { status: number; body: unknown };

/** A fake API: one handler per path (404 for the others), every request recorded. */
export function fakeApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchImpl: Fetch = (path, init) => {
    // A GET (`/connectors`) has no body.
    const body = (init.body === undefined ? {} : JSON.parse(String(init.body))) as Record<
      string,
      unknown
    >;
    const headers = init.headers as Record<string, string>;
    requests.push({ path, body, csrfToken: headers['X-CSRF-Token'] ?? null });
    const handler = handlers[path];
    const answer = handler
      ? handler(body)
      : { status: 404, body: { code: 'not_found', detail: 'no route' } };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  };
  return { api: new ApiClient(fetchImpl), fetchImpl, requests };
}

/** Lets the answers of pending requests arrive and React apply what they change. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** A React root in the document for one test. */
export class PageHarness {
  readonly container = document.createElement('div');
  private readonly root: Root;

  constructor() {
    document.body.append(this.container);
    this.root = createRoot(this.container);
  }

  async render(node: ReactNode): Promise<void> {
    await act(async () => {
      this.root.render(node);
    });
    await settle();
  }

  /** A page as the app shows it once signed in: under a session carrying this client. */
  renderSignedIn(api: ApiClient, page: ReactNode): Promise<void> {
    const session: SessionState = {
      api,
      account: { email: 'ada@example.com', created_at: '2026-11-21T10:00:00Z' },
      logOut: () => Promise.resolve(),
    };
    return this.render(<SessionContext.Provider value={session}>{page}</SessionContext.Provider>);
  }

  button(name: string): HTMLButtonElement | undefined {
    return [...this.container.querySelectorAll('button')].find((b) => b.textContent === name);
  }

  unmount(): void {
    act(() => this.root.unmount());
    this.container.remove();
  }
}
