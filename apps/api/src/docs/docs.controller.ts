import { Controller, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import type { Principal } from '@docent/accounts';
import type {
  AskRequest,
  AskResponse,
  CreateIngestionRequest,
  CreateIngestionResponse,
  DeleteDocumentRequest,
  Deleted,
  DocumentList,
  Ingestion,
  IngestionList,
  IngestionLocator,
  ListDocumentsRequest,
  ListIngestionsRequest,
} from '@docent/contract';
import { CatalogService } from '@docent/catalog';
import type { DependencyMonitor } from '@docent/dependency-health';
import { DependencyUnavailableError } from '@docent/domain-errors';
import { IngestionService } from '@docent/ingestion';
import { DEPENDENCY_MONITOR } from '@docent/nest-runtime';
import { AskService } from '@docent/retrieval';
import { ScheduleService } from '@docent/schedules';
import { ContractBody } from '../http/contract-body.decorator';
import { idempotencyKeyOf } from '../http/idempotency-key';
import { CurrentPrincipal } from '../http/principal.decorator';
import { presentDocument, presentIngestion } from './presenters';

/** Ingestions (create, get, list, cancel), asking, and a collection's documents (list, delete). */
@Controller('docs')
export class DocsController {
  constructor(
    private readonly ingestions: IngestionService,
    private readonly asking: AskService,
    private readonly catalog: CatalogService,
    private readonly schedules: ScheduleService,
    @Inject(DEPENDENCY_MONITOR) private readonly dependencies: DependencyMonitor,
  ) {}

  @Post('create_ingestion')
  @HttpCode(200)
  async createIngestion(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('createIngestion') body: CreateIngestionRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<CreateIngestionResponse> {
    const idempotency = idempotencyKeyOf(idempotencyKey, body);
    const input = {
      namespaceName: body.namespace_name,
      collectionName: body.collection_name,
      type: body.type,
      spec: body.spec as Record<string, unknown>,
    };
    if (body.schedule) {
      const { ingestion, schedule } = await this.schedules.createScheduledIngestion(
        principal.accountId,
        input,
        body.schedule,
        idempotency,
      );
      return { ingestion_id: ingestion.id, schedule_id: schedule.id };
    }
    const record = await this.ingestions.create(principal.accountId, input, idempotency);
    return { ingestion_id: record.id, schedule_id: null };
  }

  @Post('get_ingestion')
  @HttpCode(200)
  async getIngestion(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('getIngestion') body: IngestionLocator,
  ): Promise<Ingestion> {
    return presentIngestion(
      await this.ingestions.get(
        principal.accountId,
        body.namespace_name,
        body.collection_name,
        body.ingestion_id,
      ),
    );
  }

  @Post('list_ingestions')
  @HttpCode(200)
  async listIngestions(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('listIngestions') body: ListIngestionsRequest,
  ): Promise<IngestionList> {
    const page = await this.ingestions.list(principal.accountId, {
      namespaceName: body.namespace_name,
      collectionName: body.collection_name,
      status: body.status,
      limit: body.limit,
      cursor: body.cursor,
    });
    return { ingestions: page.items.map(presentIngestion), next_cursor: page.nextCursor };
  }

  @Post('cancel_ingestion')
  @HttpCode(200)
  async cancelIngestion(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('cancelIngestion') body: IngestionLocator,
  ): Promise<Ingestion> {
    return presentIngestion(
      await this.ingestions.cancel(
        principal.accountId,
        body.namespace_name,
        body.collection_name,
        body.ingestion_id,
        principal.apiKeyId
          ? { kind: 'api_key', accountId: principal.accountId, apiKeyId: principal.apiKeyId }
          : { kind: 'session', accountId: principal.accountId },
      ),
    );
  }

  @Post('ask')
  @HttpCode(200)
  async ask(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('ask') body: AskRequest,
  ): Promise<AskResponse> {
    // Known down: refused before the question is embedded, so at once whatever the load.
    if (this.dependencies.isDown('index')) {
      throw new DependencyUnavailableError(
        'index',
        'The search index is unavailable; retry later.',
        'not tried: the index is known to be down',
      );
    }
    const result = await this.asking.ask(principal.accountId, {
      namespaceName: body.namespace_name,
      collectionName: body.collection_name,
      question: body.question,
      topK: body.top_k,
      docName: body.doc_name,
      history: (body.history_messages ?? []).map((turn) =>
        Array.isArray(turn) ? { question: turn[0] ?? '', answer: turn[1] ?? '' } : turn,
      ),
    });
    return {
      answer: result.answer,
      refs: result.refs.map((r) => ({
        doc_name: r.docName,
        page_num: r.pageNum,
        sample_text: r.sampleText,
        url: r.url,
      })),
    };
  }

  @Post('list')
  @HttpCode(200)
  async listDocuments(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('listDocuments') body: ListDocumentsRequest,
  ): Promise<DocumentList> {
    const page = await this.catalog.listDocuments(
      principal.accountId,
      body.namespace_name,
      body.collection_name,
      {
        limit: body.limit,
        cursor: body.cursor,
      },
    );
    return { documents: page.items.map(presentDocument), next_cursor: page.nextCursor };
  }

  @Post('delete')
  @HttpCode(200)
  async deleteDocument(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('deleteDocument') body: DeleteDocumentRequest,
  ): Promise<Deleted> {
    await this.catalog.deleteDocument(
      principal.accountId,
      body.namespace_name,
      body.collection_name,
      body.doc_name,
    );
    return { deleted: true };
  }
}
