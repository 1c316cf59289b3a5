import { Controller, Get, Inject } from '@nestjs/common';
import type { Connector, ConnectorList } from '@docent/contract';
import type { LoadedConnector } from '@docent/connectors';
import { DOCENT_CONFIG, LOADED_CONNECTORS } from '@docent/nest-runtime';
import type { DocentConfig } from '@docent/runtime';

/** The source types this deployment ingests, as their descriptors describe them. */
@Controller('connectors')
export class ConnectorsController {
  private readonly list: ConnectorList;

  constructor(
    @Inject(LOADED_CONNECTORS) connectors: LoadedConnector[],
    @Inject(DOCENT_CONFIG) config: DocentConfig,
  ) {
    // Fixed at start-up: connectors and OAuth apps are configuration.
    this.list = {
      connectors: connectors.map(({ descriptor }) =>
        presentConnector(descriptor, config.oauthClients[descriptor.type] !== undefined),
      ),
    };
  }

  @Get()
  listConnectors(): ConnectorList {
    return this.list;
  }
}

function presentConnector(
  descriptor: LoadedConnector['descriptor'],
  oauthConfigured: boolean,
): Connector {
  return {
    type: descriptor.type,
    title: descriptor.title,
    description: descriptor.description,
    spec_schema: { ...descriptor.specSchema },
    secret_fields: [...descriptor.secretFields],
    auth_modes: [...descriptor.authModes],
    oauth_configured: oauthConfigured && descriptor.oauth !== undefined,
    document_names: descriptor.documentNames,
    ui: {
      help: descriptor.ui.help ?? null,
      fields: Object.fromEntries(
        Object.entries(descriptor.ui.fields).map(([name, hint]) => [
          name,
          {
            label: hint.label,
            help: hint.help ?? null,
            placeholder: hint.placeholder ?? null,
            secret: hint.secret ?? descriptor.secretFields.includes(name),
            multiline: hint.multiline ?? false,
          },
        ]),
      ),
    },
  };
}
