import { NotFoundError } from '@docent/domain-errors';
import type {
  CollectionDirectory,
  CollectionRecord,
  NamespaceRecord,
} from '@docent/metadata-store';

export interface ResolvedCollection {
  namespace: NamespaceRecord;
  collection: CollectionRecord;
}

/** Turns an account's names into records; anything the account does not have is `not_found`. */
export class CollectionResolver {
  constructor(
    private readonly store: CollectionDirectory,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async namespace(accountId: string, namespaceName: string): Promise<NamespaceRecord> {
    const namespace = await this.store.findNamespace(accountId, namespaceName);
    if (!namespace) throw new NotFoundError(`Namespace ${namespaceName} does not exist.`);
    return namespace;
  }

  async collection(
    accountId: string,
    namespaceName: string,
    collectionName: string,
  ): Promise<ResolvedCollection> {
    const namespace = await this.store.findNamespace(accountId, namespaceName);
    const collection = namespace && (await this.store.findCollection(namespace.id, collectionName));
    if (!namespace || !collection) {
      throw new NotFoundError(`Collection ${namespaceName}/${collectionName} does not exist.`);
    }
    return { namespace, collection };
  }

  /** What a list of a namespace covers: the namespace, and the collection when one is named. */
  async listScope(
    accountId: string,
    namespaceName: string,
    collectionName?: string | null,
  ): Promise<{ namespaceId: string; collectionId?: string }> {
    if (!collectionName)
      return { namespaceId: (await this.namespace(accountId, namespaceName)).id };
    const { namespace, collection } = await this.collection(
      accountId,
      namespaceName,
      collectionName,
    );
    return { namespaceId: namespace.id, collectionId: collection.id };
  }

  /** Namespaces and collections are created by the first ingestion into them. */
  async ensureCollection(
    accountId: string,
    namespaceName: string,
    collectionName: string,
  ): Promise<ResolvedCollection> {
    const at = this.now();
    const namespace = await this.store.ensureNamespace(accountId, namespaceName, at);
    const collection = await this.store.ensureCollection(namespace.id, collectionName, at);
    return { namespace, collection };
  }
}
