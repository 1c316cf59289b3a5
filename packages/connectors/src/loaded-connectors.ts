import type { ConnectorDescriptor, SourceConnector, SpecValidation } from '@docent/connector-sdk';
import { ConnectorLoadError, type CheckedDescriptor } from './connector-loading';

/** A connector ready to serve ingestions. */
export interface LoadedConnector {
  descriptor: ConnectorDescriptor<unknown>;
  origin: string;
  connector: SourceConnector<unknown>;
  /** The spec checked against the descriptor's schema, then by the connector (normalised). */
  validateSpec(spec: unknown): SpecValidation<unknown>;
}

/** Creates each connector for the deployment's endpoints. */
export function createConnectors(
  checked: readonly CheckedDescriptor[],
  endpoints: Readonly<Record<string, string>>,
): LoadedConnector[] {
  return checked.map(({ descriptor, origin, checkSpecShape }) => {
    let connector: SourceConnector<unknown>;
    try {
      connector = descriptor.createConnector({ endpoints });
    } catch (error) {
      throw new ConnectorLoadError(
        `DOCENT_CONNECTORS: the ${descriptor.type} connector (${origin}) could not be created: ${(error as Error).message}`,
      );
    }
    return {
      descriptor,
      origin,
      connector,
      validateSpec(spec) {
        const errors = checkSpecShape(spec);
        return errors.length > 0 ? { ok: false, errors } : connector.validateSpec(spec);
      },
    };
  });
}
