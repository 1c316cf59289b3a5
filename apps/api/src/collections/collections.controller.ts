import { Controller, HttpCode, Post } from '@nestjs/common';
import type { Principal } from '@docent/accounts';
import type {
  CollectionList,
  CollectionLocator,
  Deleted,
  ListCollectionsRequest,
} from '@docent/contract';
import { CatalogService } from '@docent/catalog';
import { presentCollection } from '../docs/presenters';
import { ContractBody } from '../http/contract-body.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';

@Controller('collections')
export class CollectionsController {
  constructor(private readonly catalog: CatalogService) {}

  @Post('list')
  @HttpCode(200)
  async list(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('listCollections') body: ListCollectionsRequest,
  ): Promise<CollectionList> {
    const page = await this.catalog.listCollections(principal.accountId, body.namespace_name, {
      limit: body.limit,
      cursor: body.cursor,
    });
    return { collections: page.items.map(presentCollection), next_cursor: page.nextCursor };
  }

  @Post('delete')
  @HttpCode(200)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('deleteCollection') body: CollectionLocator,
  ): Promise<Deleted> {
    await this.catalog.deleteCollection(
      principal.accountId,
      body.namespace_name,
      body.collection_name,
    );
    return { deleted: true };
  }
}
