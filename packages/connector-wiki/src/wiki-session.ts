import {
  type ConnectorContext,
  type DiscoveryItem,
  DocumentError,
  type DocumentContent,
  type DocumentRef,
  downloadedFileContent,
  SourceApiClient,
  type SourceSession,
  UnsupportedDocumentError,
} from '@docent/connector-sdk';
import { attachmentItem, type ListedAttachment, listAttachment } from './attachment-documents';
import { ConfluenceClient, type PageSelection } from './confluence-client';
import { resolveDeployment } from './confluence-deployment';
import { CONFLUENCE } from './confluence-profile';
import type { ConfluencePage } from './confluence-responses';
import { type ListingPosition, listingCheckpoints } from './listing-checkpoint';
import { pageToDiscoveryItem, storageContent } from './page-documents';
import { wikiAuthMode, wikiSourceKey, type WikiSpec } from './wiki-spec';

export interface WikiSessionSettings {
  /** Attachments listed larger than this are skipped (a failure each). */
  maxFileBytes: number;
}

/** One ingestion's conversation with Confluence; the deployment is probed once, lazily. */
export class WikiSession implements SourceSession {
  private client: Promise<ConfluenceClient> | undefined;
  private readonly selection: PageSelection;
  private readonly sourceKey: string;
  /** Attachments listed by this session, by id, for `fetch`. */
  private readonly attachments = new Map<string, ListedAttachment>();

  constructor(
    private readonly context: ConnectorContext<WikiSpec>,
    private readonly settings: WikiSessionSettings,
  ) {
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
    const checkpoints = listingCheckpoints(this.sourceKey, urlPrefix);
    let from: ListingPosition | null = null;
    if (checkpoint !== null) {
      const position = checkpoints.decode(checkpoint);
      if (position === 'done') return;
      if (position === undefined) {
        this.context.log.warn('ignoring a checkpoint of another listing; listing from the start');
      } else {
        from = position;
      }
    }
    for await (const batch of client.listPages(this.selection, from)) {
      for (const page of batch.pages) {
        yield pageToDiscoveryItem(page);
        // Right after their page, inside its batch: a checkpoint covers both.
        if (this.context.spec.attachments === true) yield* this.listAttachments(client, page);
      }
      // A position is one URL or offset: always far below the size cap.
      yield { type: 'checkpoint', checkpoint: checkpoints.encode(batch.next ?? 'done')! };
    }
  }

  async fetch(ref: DocumentRef): Promise<DocumentContent> {
    const client = await this.connect();
    const listed = this.attachments.get(ref.sourceId) ?? (await this.lookUpAttachment(client, ref));
    if (listed !== undefined) {
      const { attachment, plan } = listed;
      if (plan.kind === 'skip') throw new UnsupportedDocumentError(plan.reason);
      return downloadedFileContent(await client.downloadAttachment(attachment, listed.title), plan);
    }
    const page = await client.getPage(ref.sourceId, ref.title);
    if (page.storage === undefined) {
      throw new DocumentError(`Confluence returned page ${ref.sourceId} without its storage body`);
    }
    return storageContent(page.storage);
  }

  /** The page's attachments that Docent reads, as documents, remembered for `fetch`. */
  private async *listAttachments(
    client: ConfluenceClient,
    page: ConfluencePage,
  ): AsyncGenerator<DiscoveryItem, void, undefined> {
    for await (const batch of client.listAttachments(page)) {
      for (const attachment of batch.attachments) {
        const listed = listAttachment(page, attachment, this.settings.maxFileBytes);
        if (listed === undefined) continue;
        this.attachments.set(attachment.id, listed);
        yield attachmentItem(listed);
      }
    }
  }

  /** An attachment not listed by this session (a ref from elsewhere): looked up by id. */
  private async lookUpAttachment(
    client: ConfluenceClient,
    ref: DocumentRef,
  ): Promise<ListedAttachment | undefined> {
    if (this.context.spec.attachments !== true || !/^att\d+$/.test(ref.sourceId)) return undefined;
    const attachment = await client.getAttachment(ref.sourceId, ref.title);
    const [pageTitle] = ref.title.split(' / ');
    const listed = listAttachment(
      { title: pageTitle ?? ref.title },
      attachment,
      this.settings.maxFileBytes,
    );
    if (listed === undefined) {
      throw new UnsupportedDocumentError(
        `unsupported file type (${attachment.mediaType || 'unknown'})`,
      );
    }
    return { ...listed, title: ref.title };
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
    const { spec, endpoints, log } = this.context;
    const api = SourceApiClient.forSession(this.context, {
      profile: CONFLUENCE,
      baseUrl: spec.url,
      headers: { accept: 'application/json' },
    });
    const deployment = await resolveDeployment(api, spec, wikiAuthMode(spec), endpoints);
    log.debug('confluence deployment detected', { deployment: deployment.kind });
    return new ConfluenceClient(api, deployment);
  }
}
