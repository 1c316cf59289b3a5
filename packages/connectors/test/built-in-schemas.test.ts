import { openApiDocument } from '@docent/contract';
import { BUILT_IN_CONNECTORS } from '../src';

type Json = Record<string, unknown>;

/**
 * The contract keeps a typed spec for each built-in connector, so generated clients stay typed;
 * the descriptor's schema is the source, and the contract's copy must say the same.
 */
describe("the contract's copies of the built-in spec schemas", () => {
  const document = openApiDocument() as Json;
  const schemas = (document.components as Json).schemas as Record<string, Json>;
  const mapping = (schemas.CreateIngestionRequest!.discriminator as Json).mapping as Record<
    string,
    string
  >;
  const specOf = (type: string) => {
    const request = schemas[mapping[type]!.split('/').pop()!]!;
    const ref = ((request.properties as Json).spec as Json).$ref as string;
    return schemas[ref.split('/').pop()!];
  };

  it.each(BUILT_IN_CONNECTORS.map((d) => [d.type, d] as const))(
    '%s: the contract says what the descriptor says',
    (type, descriptor) => {
      expect(specOf(type)).toEqual(descriptor.specSchema);
    },
  );
});
