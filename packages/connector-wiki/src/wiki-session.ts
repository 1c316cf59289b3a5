import type {
  ConnectorContext,
  DiscoveryItem,
  DocumentContent,
  DocumentRef,
  SourceSession,
} from '@docent/connector-sdk';
import { SourceError } from '@docent/connector-sdk';
import { authorizationFor } from './confluence-authorization';
import { ConfluenceClient, type PageSelection } from './confluence-client';
import { resolveDeployment } from './confluence-deployment';
import { ConfluenceHttp } from './confluence-http';
import { decodeCheckpoint, encodeCheckpoint, type ListingPosition } from './listing-checkpoint';
import { pageToDiscoveryItem, storageContent } from './page-documents';
import { wikiAuthMode, wikiSourceKey, type WikiSpec } from './wiki-spec';

/** One ingestion's conversation with Confluence; the deployment is probed once, lazily. */
export class WikiSession implements SourceSession {
  private client: Promise<ConfluenceClient> | undefined;
  private readonly selection: PageSelection;
  private readonly sourceKey: string;

  constructor(private readonly context: ConnectorContext<WikiSpec>) {
    const { spec } = context;
    this.selection =
      spec.space !== undefined
        ? { kind: 'space', key: spec.space }
        : { kind: 'cql', cql: spec.cql ?? '' };
    this.sourceKey = wikiSourceKey(spec);
  }

  async check(): Promise<void> {
    const client = await this.connect();
    if (this.selection.kind === 'space') await client.requireSpace(this.selection.key);
    else await client.checkCql(this.selection.cql);
  }

  async *discover(checkpoint: string | null): AsyncGenerator<DiscoveryItem, void, undefined> {
    const client = await this.connect();
    const deployment = client.deployment;
    const urlPrefix = deployment.kind === 'cloud' ? deployment.apiRoot : deployment.wikiBase;
    let from: ListingPosition | null = null;
    if (checkpoint !== null) {
      const position = decodeCheckpoint(checkpoint, this.sourceKey, urlPrefix);
      if (position === 'done') return;
      if (position === undefined) {
        this.context.log.warn('ignoring a checkpoint of another listing; listing from the start');
      } else {
        from = position;
      }
    }
    for await (const batch of client.listPages(this.selection, from)) {
      for (const page of batch.pages) yield pageToDiscoveryItem(page);
      yield {
        type: 'checkpoint',
        checkpoint: encodeCheckpoint(this.sourceKey, batch.next ?? 'done'),
      };
    }
  }

  async fetch(ref: DocumentRef): Promise<DocumentContent> {
    const client = await this.connect();
    const page = await client.getPage(ref.sourceId);
    if (page.storage === undefined) {
      throw new SourceError(
        'internal',
        `Confluence returned page ${ref.sourceId} without its storage body`,
      );
    }
    return storageContent(page.storage);
  }

  private connect(): Promise<ConfluenceClient> {
    this.client ??= this.createClient();
    // A failed probe is not cached: the next call probes again.
    this.client.catch(() => {
      this.client = undefined;
    });
    return this.client;
  }

  private async createClient(): Promise<ConfluenceClient> {
    const { spec, credentials, http, signal, endpoints, log } = this.context;
    const confluenceHttp = new ConfluenceHttp(http, authorizationFor(credentials), signal);
    const deployment = await resolveDeployment(confluenceHttp, spec, wikiAuthMode(spec), endpoints);
    log.debug('confluence deployment detected', { deployment: deployment.kind });
    return new ConfluenceClient(confluenceHttp, deployment);
  }
}
