import { describeSourceConnectorConformance } from '@docent/connector-sdk/testing';
import { buildNotionWorkspace, startFakeNotion } from '@docent/source-fakes';
import { PagesConnector } from '../src';
import { onSimulatedTime, SimulatedTime } from './pages-harness';

describeSourceConnectorConformance('PagesConnector', async () => {
  const workspace = buildNotionWorkspace();
  const clock = new SimulatedTime();
  const notion = await startFakeNotion({ ...workspace.options, now: clock.date, pageSizeCap: 7 });
  const expectedIds = workspace.expectedTitles.flatMap((title) =>
    notion.pageIdsByTitle(title === 'Untitled' ? '' : title),
  );
  return {
    connector: new PagesConnector({ clock, checkpointEvery: 7 }),
    // Every page the token reaches, through search: each is listed with its page object.
    spec: { token: workspace.token },
    session: {
      endpoints: { pagesApiUrl: notion.url },
      now: clock.now,
      sleep: (ms) => clock.sleepWithin(ms),
      wrapHttp: (http) => onSimulatedTime(http, clock),
    },
    expectedIds: [...new Set(expectedIds)],
    breakableId: workspace.ids.laptopSetup,
    breakDocument: (id) => {
      notion.setFault('pages.retrieve', { status: 500, params: { id } });
      notion.setFault('blocks.children', { status: 500, params: { id } });
    },
    badCredentials: { spec: { token: 'ntn_refused_token' }, secret: 'ntn_refused_token' },
    close: () => notion.close(),
  };
});
