import { describeSourceConnectorConformance } from '@docent/connector-sdk/testing';
import { startFakeConfluence } from '@docent/source-fakes';
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
