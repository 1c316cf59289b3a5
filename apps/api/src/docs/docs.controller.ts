import { Controller, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
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
  Reference as ReferenceWire,
} from '@docent/contract';
import { CatalogService } from '@docent/catalog';
import type { DependencyMonitor } from '@docent/dependency-health';
import { IngestionService, type Logger } from '@docent/ingestion';
import { DEPENDENCY_MONITOR, DOCENT_LOGGER } from '@docent/nest-runtime';
import { AskService, type AskResult, type Reference } from '@docent/retrieval';
import { ScheduleService } from '@docent/schedules';
import { ContractBody } from '../http/contract-body.decorator';
import { idempotencyKeyOf } from '../http/idempotency-key';
import { CurrentPrincipal } from '../http/principal.decorator';
import { toProblem } from '../http/problem.filter';
import type { DocentRequest } from '../http/request-context';
import { AskEventStream } from './ask-event-stream';
import { presentDocument, presentIngestion } from './presenters';

/** Ingestions (create, get, list, cancel), asking, and a collection's documents (list, delete). */
@Controller('docs')
export class DocsController {
  constructor(
    private readonly ingestions: IngestionService,
    private readonly asking: AskService,
    private readonly catalog: CatalogService,
    private readonly schedules: ScheduleService,
    @Inject(DOCENT_LOGGER) private readonly logger: Logger,
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

  /**
   * JSON, or Server-Sent Events when asked for (`stream`, or an `Accept` that prefers them).
   * A client that goes away cancels the answer, and with it the model's completion.
   */
  @Post('ask')
  @HttpCode(200)
  async ask(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('ask') body: AskRequest,
    @Req() req: DocentRequest,
    @Res() res: Response,
  ): Promise<void> {
    const streamed =
      body.stream ?? req.accepts(['application/json', 'text/event-stream']) === 'text/event-stream';
    const cancel = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) cancel.abort(new Error('The client closed the connection.'));
    });
    const input = {
      namespaceName: body.namespace_name,
      collectionName: body.collection_name,
      question: body.question,
      topK: body.top_k,
      docName: body.doc_name,
      citations: body.citations,
      history: (body.history_messages ?? []).map((turn) =>
        Array.isArray(turn) ? { question: turn[0] ?? '', answer: turn[1] ?? '' } : turn,
      ),
    };
    if (!streamed) {
      const result = await this.asking.ask(principal.accountId, input, { signal: cancel.signal });
      this.logNotFound(req, result);
      res.setHeader('Server-Timing', serverTiming(result));
      res.status(200).json(presentAsk(result));
      return;
    }
    const stream = new AskEventStream(res);
    try {
      const result = await this.asking.ask(principal.accountId, input, {
        signal: cancel.signal,
        events: {
          retrieved: (retrievalMs) => stream.start(retrievalMs),
          refs: (refs) => stream.send('refs', { refs: refs.map(presentReference) }),
          delta: (text, citations) => stream.send('delta', { text, citations }),
        },
      });
      this.logNotFound(req, result);
      stream.send('done', presentAsk(result));
    } catch (error) {
      // Before the stream started the error is an ordinary problem response.
      if (!stream.started) throw error;
      if (!cancel.signal.aborted) {
        const problem = toProblem(error, req, this.logger, this.dependencies);
        stream.send('error', problem.body(req.requestId));
      }
    }
    stream.end();
  }

  /** Why a question went unanswered, for whoever tunes the collection (never the question). */
  private logNotFound(req: DocentRequest, result: AskResult): void {
    if (!result.found) {
      this.logger.debug('answered "not found"', {
        requestId: req.requestId,
        reason: result.notFoundReason,
      });
    }
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

function presentReference(r: Reference): ReferenceWire {
  return {
    doc_name: r.docName,
    page_num: r.pageNum,
    sample_text: r.sampleText,
    url: r.url,
    highlight: r.highlight,
    cited: r.cited,
  };
}

function presentAsk(result: AskResult): AskResponse {
  return {
    answer: result.answer,
    found: result.found,
    short_answer: result.shortAnswer,
    refs: result.refs.map(presentReference),
  };
}

/** The two totals, then each stage of the ask (`embed`, `bm25`, `vector`, `rows`, `support`…). */
export function serverTiming(result: AskResult): string {
  const { retrievalMs, answerMs, stages } = result.timings;
  return [
    `retrieval;dur=${retrievalMs.toFixed(1)}`,
    `answer;dur=${answerMs.toFixed(1)}`,
    ...stages.map((stage) => `${stage.name};dur=${stage.ms.toFixed(2)}`),
  ].join(', ');
}
