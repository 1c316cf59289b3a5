import type * as ConnectorSdk from '@docent/connector-sdk';

/*
 * A second copy of `@docent/connector-sdk`, loaded apart from the service's (its own module
 * registry, so its own classes and its own copy of the document model): what a connector package
 * that bundles the SDK throws. `instanceof` against the service's copy does not recognise its
 * errors; the SDK's error brands (`isSourceError`…) do. Being the real SDK, it cannot drift from
 * what the service reads.
 */
function loadSecondCopy(): typeof ConnectorSdk {
  let copy: typeof ConnectorSdk | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    copy = require('@docent/connector-sdk') as typeof ConnectorSdk;
  });
  return copy!;
}

export const { SourceError, UnsupportedDocumentError, DocumentRequestError } = loadSecondCopy();
