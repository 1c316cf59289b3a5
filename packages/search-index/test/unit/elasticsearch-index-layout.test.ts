import {
  assertIndexPrefix,
  chunkDocumentId,
  collectionIndex,
  manifestDocumentId,
} from '../../src/elasticsearch/index-layout';

describe('Elasticsearch index layout', () => {
  it('names a collection after a hash of its id, behind an alias', () => {
    expect(collectionIndex('docent', 'kb')).toEqual({
      alias: 'docent-c-74fec0c33e96ab90ac88666979207a50',
      concreteIndex: 'docent-c-74fec0c33e96ab90ac88666979207a50-v1',
    });
    // Any id, any case, any length: always a valid lower-case index name.
    const odd = collectionIndex('docent', 'Ünïcode / * ? " < > | , # '.repeat(40));
    expect(odd.alias).toMatch(/^docent-c-[0-9a-f]{32}$/);
    expect(collectionIndex('docent', 'KB').alias).not.toBe(collectionIndex('docent', 'kb').alias);
  });

  it('uses the chunk id as _id unless it cannot be one', () => {
    expect(chunkDocumentId('doc_1f2e:0')).toBe('doc_1f2e:0');
    expect(chunkDocumentId('x'.repeat(512))).toBe('x'.repeat(512));
    for (const unusable of ['', 'x'.repeat(513), 'é'.repeat(257), '#manifest:abc']) {
      const id = chunkDocumentId(unusable);
      expect(id).toMatch(/^#chunk:[0-9a-f]{64}$/);
      expect(chunkDocumentId(unusable)).toBe(id);
    }
  });

  it('keeps manifest ids apart from chunk ids', () => {
    const manifest = manifestDocumentId('doc');
    expect(manifest).toBe(
      '#manifest:139d544b821b13ebea14f1b0fe18577222e415c2966e3a3511c4196055232202',
    );
    expect(chunkDocumentId(manifest)).not.toBe(manifest);
  });

  it.each(['docent', 'docent-test-1a2b', 'a_b'])('accepts the prefix %j', (prefix) => {
    expect(() => assertIndexPrefix(prefix)).not.toThrow();
  });

  it.each(['', 'Docent', '-docent', '_docent', '.docent', 'do cent', 'do*cent', 'x'.repeat(101)])(
    'rejects the prefix %j',
    (prefix) => {
      expect(() => assertIndexPrefix(prefix)).toThrow(RangeError);
    },
  );
});
