import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretBox, loadSecretKey, parseSecretKey } from '../src';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('ATATT-secret-token', 'ing_1');
    expect(sealed).not.toContain('ATATT');
    expect(box.open(sealed, 'ing_1')).toBe('ATATT-secret-token');
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses another context, another key or a tampered value', () => {
    const sealed = box.sealJson({ token: 't' }, 'ing_1');
    expect(() => box.openJson(sealed, 'ing_2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).openJson(sealed, 'ing_1')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'ing_1')).toThrow();
  });
});

describe('loadSecretKey', () => {
  it('parses hex and base64 keys and rejects short ones', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(() => parseSecretKey('abcd')).toThrow(/32 random bytes/);
  });

  it('generates one key into the data dir in embedded mode and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docent-key-'));
    try {
      const first = loadSecretKey({ configured: undefined, dataDir: dir, allowGenerate: true });
      expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
      expect(loadSecretKey({ configured: undefined, dataDir: dir, allowGenerate: true })).toEqual(
        first,
      );
      expect(readFileSync(join(dir, 'secret.key'), 'utf8').trim()).toBe(first.toString('hex'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('requires a configured key when it may not generate one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docent-key-'));
    try {
      expect(() =>
        loadSecretKey({ configured: undefined, dataDir: dir, allowGenerate: false }),
      ).toThrow(/DOCENT_SECRET_KEY is required/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
