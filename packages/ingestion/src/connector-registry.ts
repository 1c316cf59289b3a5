import type { ConnectorDescriptor, SourceConnector, SpecValidation } from '@docent/connector-sdk';
import { InvalidRequestError } from '@docent/domain-errors';

/** What ingestion reads of a connector's descriptor. */
export type ConnectorFacts = Pick<
  ConnectorDescriptor<unknown>,
  'type' | 'secretFields' | 'documentNames' | 'links'
>;

/** A connector as the deployment loaded it (see `@docent/connectors`). */
export interface RegisteredConnector {
  descriptor: ConnectorFacts;
  connector: SourceConnector<unknown>;
  /** The spec checked against the descriptor's schema, then by the connector (normalised). */
  validateSpec(spec: unknown): SpecValidation<unknown>;
}

/** The loaded connectors by type: the only place ingestion learns what a source type is. */
export class ConnectorRegistry {
  private readonly byType = new Map<string, RegisteredConnector>();

  constructor(connectors: readonly RegisteredConnector[]) {
    for (const entry of connectors) {
      const { type } = entry.descriptor;
      if (this.byType.has(type)) throw new Error(`two connectors for ${type}`);
      this.byType.set(type, entry);
    }
  }

  get(type: string): RegisteredConnector {
    const entry = this.byType.get(type);
    if (!entry) {
      throw new InvalidRequestError(`Source type ${type} is not available in this deployment.`, [
        { field: 'type', message: `must be one of ${this.types().join(', ')}` },
      ]);
    }
    return entry;
  }

  types(): string[] {
    return [...this.byType.keys()];
  }
}
