export { startFakeNotion } from './start-fake-notion';
export type * from './fake-notion-types';
export { normaliseNotionId, notionIdFor } from './notion-ids';
export {
  buildNotionWorkspace,
  type NotionWorkspace,
  type NotionWorkspaceFact,
} from './notion-workspace-fixture';
