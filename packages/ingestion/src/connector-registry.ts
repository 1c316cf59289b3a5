import type { SourceConnector } from '@docent/connector-sdk';
import { InvalidRequestError } from '@docent/domain-errors';

export class ConnectorRegistry {
  private readonly byType = new Map<string, SourceConnector<unknown>>();

  constructor(connectors: SourceConnector<unknown>[]) {
    for (const connector of connectors) {
      if (this.byType.has(connector.type)) throw new Error(`two connectors for ${connector.type}`);
      this.byType.set(connector.type, connector);
    }
  }

  get(type: string): SourceConnector<unknown> {
    const connector = this.byType.get(type);
    if (!connector) {
      throw new InvalidRequestError(`Source type ${type} is not available in this deployment.`, [
        { field: 'type', message: `unsupported source type ${type}` },
      ]);
    }
    return connector;
  }

  types(): string[] {
    return [...this.byType.keys()];
  }
}
