import { describeSourceConnectorConformance } from '@docent/connector-sdk/testing';
import { type FakeConfluence, startFakeConfluence } from '@docent/source-fakes';
import { wikiConnector } from '../src';

const USER = { username: 'ada@example.com', password: 'cloud-api-token' };
const ids = Array.from({ length: 24 }, (_, i) => String(6000 + i));

describeSourceConnectorConformance('WikiConnector on Confluence Cloud', async () => {
  const wiki = await startFakeConfluence({
    mode: 'cloud',
    users: [USER],
    limitCaps: { v2: 10 },
    spaces: [
      {
        key: 'ENG',
        pages: ids.map((id) => ({ id, title: `Page ${id}`, body: `<p>text of ${id}</p>` })),
      },
    ],
  });
  const spec = { url: wiki.url, space: 'ENG', username: USER.username };
  return {
    connector: wikiConnector,
    spec: { ...spec, token: USER.password },
    expectedIds: ids,
    breakableId: ids[5]!,
    // Lists carry page bodies; a page whose body they leave out is fetched by id.
    breakDocument: (id) => {
      wiki.omitBodyFromLists(id);
      wiki.setFault('v2.page', { status: 500, params: { id } });
    },
    badCredentials: {
      spec: { ...spec, token: 'wrong-secret-token' },
      secret: 'wrong-secret-token',
    },
    close: () => wiki.close(),
  };
});

describeSourceConnectorConformance('WikiConnector on Confluence Data Center', async () => {
  const wiki = await startFakeConfluence({
    mode: 'dc',
    contextPath: '/confluence',
    personalAccessTokens: ['dc-pat'],
    limitCaps: { v1Body: 10 },
    dcWrongNextStart: true,
    spaces: [
      {
        key: 'OPS',
        pages: ids.map((id) => ({ id, title: `Runbook ${id}`, body: `<p>step ${id}</p>` })),
      },
    ],
  });
  return {
    connector: wikiConnector,
    spec: { url: wiki.url, space: 'OPS', token: 'dc-pat' },
    expectedIds: ids,
    breakableId: ids[17]!,
    breakDocument: (id) => {
      wiki.omitBodyFromLists(id);
      wiki.setFault('v1.contentById', { status: 500, params: { id } });
    },
    badCredentials: {
      spec: { url: wiki.url, space: 'OPS', token: 'not-a-pat' },
      secret: 'not-a-pat',
    },
    close: () => wiki.close(),
  };
});

/** Pages with files: every readable attachment is a document of its own. */
function pagesWithFiles(prefix: number) {
  return Array.from({ length: 6 }, (_, i) => {
    const id = String(prefix + i);
    return {
      id,
      title: `Page ${id}`,
      body: `<p>text of ${id}</p>`,
      attachments: [
        { id: `att${id}1`, fileName: 'a.pdf', mediaType: 'application/pdf', content: `pdf ${id}` },
        { id: `att${id}2`, fileName: 'b.txt', mediaType: 'text/plain', content: `text ${id}` },
        { id: `att${id}3`, fileName: 'c.png', mediaType: 'image/png', content: 'png' },
      ],
    };
  });
}

const withFiles = (prefix: number) =>
  pagesWithFiles(prefix).flatMap((page) => [page.id, `att${page.id}1`, `att${page.id}2`]);

/** An attachment breaks at its download; a page where it is fetched by id. */
function breakContent(wiki: FakeConfluence, id: string, pageRoute: 'v2.page' | 'v1.contentById') {
  const attachment = wiki.getAttachment(id);
  if (attachment) {
    wiki.setFault('download.attachment', {
      status: 500,
      params: { pageId: attachment.pageId, fileName: attachment.fileName },
    });
  } else {
    wiki.omitBodyFromLists(id);
    wiki.setFault(pageRoute, { status: 500, params: { id } });
  }
}

describeSourceConnectorConformance(
  'WikiConnector with attachments on Confluence Cloud',
  async () => {
    const wiki = await startFakeConfluence({
      mode: 'cloud',
      users: [USER],
      limitCaps: { v2: 2 },
      spaces: [{ key: 'ENG', pages: pagesWithFiles(7000) }],
    });
    const spec = { url: wiki.url, space: 'ENG', username: USER.username, attachments: true };
    return {
      connector: wikiConnector,
      spec: { ...spec, token: USER.password },
      expectedIds: withFiles(7000),
      breakableId: 'att70031',
      breakDocument: (id) => breakContent(wiki, id, 'v2.page'),
      badCredentials: {
        spec: { ...spec, token: 'wrong-secret-token' },
        secret: 'wrong-secret-token',
      },
      close: () => wiki.close(),
    };
  },
);

describeSourceConnectorConformance('WikiConnector with attachments on Data Center', async () => {
  const wiki = await startFakeConfluence({
    mode: 'dc',
    personalAccessTokens: ['dc-pat'],
    limitCaps: { v1Body: 2, v1Expanded: 1 },
    dcWrongNextStart: true,
    spaces: [{ key: 'OPS', pages: pagesWithFiles(8000) }],
  });
  const spec = { url: wiki.url, space: 'OPS', attachments: true };
  return {
    connector: wikiConnector,
    spec: { ...spec, token: 'dc-pat' },
    expectedIds: withFiles(8000),
    breakableId: 'att80042',
    breakDocument: (id) => breakContent(wiki, id, 'v1.contentById'),
    badCredentials: { spec: { ...spec, token: 'not-a-pat' }, secret: 'not-a-pat' },
    close: () => wiki.close(),
  };
});
