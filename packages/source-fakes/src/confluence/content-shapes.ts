import type { ConfluenceStore } from './confluence-store';
import type { ConfluenceDeployment, FakePage, FakeSpace } from './fake-confluence-types';

const ACCOUNT_ID = '557058:f1e2d3c4-0000-4000-8000-fakeconfluence';

function titleSlug(title: string): string {
  return encodeURIComponent(title).replace(/%20/g, '+');
}

/** Path of the page in the web UI, relative to the wiki base. */
export function webuiPath(page: FakePage, mode: ConfluenceDeployment): string {
  if (mode === 'dc') return `/display/${page.spaceKey}/${titleSlug(page.title)}`;
  if (page.type === 'blogpost') {
    const day = page.createdAt.slice(0, 10).replace(/-/g, '/');
    return `/spaces/${page.spaceKey}/blog/${day}/${page.id}/${titleSlug(page.title)}`;
  }
  return `/spaces/${page.spaceKey}/pages/${page.id}/${titleSlug(page.title)}`;
}

export interface V1Shaping {
  base: string;
  mode: ConfluenceDeployment;
  expand: ReadonlySet<string>;
  store: ConfluenceStore;
}

/**
 * v1 `Content`, with only the expansions asked for (the rest listed under `_expandable`); in a
 * list, a page that withholds its body from lists has none.
 */
export function v1Content(
  page: FakePage,
  shaping: V1Shaping,
  within: 'list' | 'single' = 'single',
): Record<string, unknown> {
  const { base, mode, expand, store } = shaping;
  const space = store.spaceByKey(page.spaceKey);
  const content: Record<string, unknown> = {
    id: page.id,
    type: page.type,
    status: page.status,
    title: page.title,
  };
  const expandable: Record<string, string> = {};
  if (expand.has('space') && space) content.space = v1Space(space, base, mode);
  else expandable.space = `/rest/api/space/${page.spaceKey}`;
  if (expand.has('version')) {
    content.version = {
      by:
        mode === 'cloud'
          ? { type: 'known', accountId: ACCOUNT_ID }
          : { type: 'known', username: 'admin', userKey: 'ff80808100000001' },
      when: mode === 'cloud' ? page.updatedAt : toServerOffset(page.updatedAt),
      number: page.version,
      minorEdit: false,
    };
  } else {
    expandable.version = '';
  }
  if (expand.has('ancestors')) {
    content.ancestors = store
      .ancestorIds(page)
      .reverse()
      .map((id) => store.page(id))
      .filter((ancestor): ancestor is FakePage => ancestor !== undefined)
      .map((ancestor) => ({
        id: ancestor.id,
        type: ancestor.type,
        status: ancestor.status,
        title: ancestor.title,
      }));
  } else {
    expandable.ancestors = '';
  }
  if (expand.has('body.storage') && !(within === 'list' && page.omitBodyFromLists)) {
    content.body = { storage: { value: page.body, representation: 'storage' } };
  } else {
    expandable.body = '';
  }
  if (expand.has('metadata.labels')) {
    content.metadata = {
      labels: {
        results: page.labels.map((name) => ({ prefix: 'global', name, label: name })),
        start: 0,
        limit: 200,
        size: page.labels.length,
      },
    };
  }
  expandable.children = `/rest/api/content/${page.id}/child`;
  expandable.history = `/rest/api/content/${page.id}/history`;
  content._links = {
    webui: webuiPath(page, mode),
    tinyui: `/x/${Buffer.from(page.id).toString('base64url')}`,
    self: `${base}/rest/api/content/${page.id}`,
  };
  content._expandable = expandable;
  return content;
}

export function v1Space(
  space: FakeSpace,
  base: string,
  mode: ConfluenceDeployment,
): Record<string, unknown> {
  return {
    id: Number(space.id),
    key: space.key,
    name: space.name,
    type: space.type,
    status: 'current',
    _links: {
      webui: mode === 'cloud' ? `/spaces/${space.key}` : `/display/${space.key}`,
      self: `${base}/rest/api/space/${space.key}`,
    },
    _expandable: { homepage: '', description: '', metadata: '', icon: '' },
  };
}

/** v2 `PageBulk`/`PageSingle`: `body` is `{}` unless a body format was asked for. */
export function v2Page(
  page: FakePage,
  spaceId: string,
  withStorageBody: boolean,
): Record<string, unknown> {
  return {
    id: page.id,
    status: page.status,
    title: page.title,
    spaceId,
    parentId: page.parentId ?? null,
    parentType: page.parentId === undefined ? null : 'page',
    position: null,
    authorId: ACCOUNT_ID,
    ownerId: ACCOUNT_ID,
    lastOwnerId: null,
    createdAt: page.createdAt,
    version: {
      number: page.version,
      message: '',
      minorEdit: false,
      authorId: ACCOUNT_ID,
      createdAt: page.updatedAt,
    },
    body: withStorageBody ? { storage: { representation: 'storage', value: page.body } } : {},
    _links: {
      webui: webuiPath(page, 'cloud'),
      editui: `/pages/resumedraft.action?draftId=${page.id}`,
      tinyui: `/x/${Buffer.from(page.id).toString('base64url')}`,
    },
  };
}

export function v2Space(space: FakeSpace, createdAt: string): Record<string, unknown> {
  return {
    id: space.id,
    key: space.key,
    name: space.name,
    type: space.type,
    status: 'current',
    authorId: ACCOUNT_ID,
    createdAt,
    homepageId: null,
    _links: { webui: `/spaces/${space.key}` },
  };
}

/** Data Center reports times with the server's UTC offset (here a fixed +02:00). */
function toServerOffset(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 2 * 3_600_000).toISOString();
  return `${shifted.slice(0, 23)}+02:00`;
}
