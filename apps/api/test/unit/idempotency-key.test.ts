import { InvalidRequestError } from '@docent/domain-errors';
import { fingerprint, idempotencyKeyOf } from '../../src/http/idempotency-key';

describe('idempotencyKeyOf', () => {
  const body = { namespace_name: 'acme', collection_name: 'kb', spec: { token: 't', space: 'S' } };

  it('reads a Structured Field string or a bare key, with the body it came with', () => {
    const quoted = idempotencyKeyOf('"8e03978e-40d5-43e8-bc93-6894a57f9324"', body);
    const bare = idempotencyKeyOf('8e03978e-40d5-43e8-bc93-6894a57f9324', body);
    expect(quoted).toEqual(bare);
    expect(quoted?.key).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(idempotencyKeyOf('"a \\"quoted\\" key"', body)?.key).toBe('a "quoted" key');
    expect(idempotencyKeyOf(undefined, body)).toBeUndefined();
  });

  it('refuses an empty, overlong or non-ASCII key', () => {
    for (const header of ['', '""', 'x'.repeat(256), 'clé']) {
      expect(() => idempotencyKeyOf(header, body)).toThrow(InvalidRequestError);
    }
  });

  it('fingerprints the body whatever the order of its fields, and nothing else alike', () => {
    const reordered = {
      spec: { space: 'S', token: 't' },
      collection_name: 'kb',
      namespace_name: 'acme',
    };
    expect(fingerprint(reordered)).toBe(fingerprint(body));
    expect(fingerprint({ ...body, collection_name: 'other' })).not.toBe(fingerprint(body));
    expect(fingerprint(body)).toMatch(/^[0-9a-f]{64}$/);
  });
});
