import { describeSourceConnectorConformance } from '@docent/connector-sdk/testing';
import { webConnector } from '../src';
import { handbookPages, startFakeSite } from './fake-site';

const PAGES = handbookPages(14);
const PATHS = Object.keys(PAGES);

describeSourceConnectorConformance('WEB connector, from a sitemap', async () => {
  const site = await startFakeSite({ pages: PAGES, sitemap: PATHS, token: 'site-token' });
  return {
    connector: webConnector,
    spec: { url: `${site.url}/sitemap.xml`, token: 'site-token' },
    expectedIds: PATHS.map((p) => `${site.url}${p}`),
    breakableId: `${site.url}/guide/3`,
    breakDocument: (id) => site.setStatus(new URL(id).pathname, 500),
    badCredentials: {
      spec: { url: `${site.url}/sitemap.xml`, token: 'wrong-token' },
      secret: 'wrong-token',
    },
    close: () => site.close(),
  };
});
