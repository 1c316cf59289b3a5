import { WikiConnector, wikiConnector, wikiDescriptor } from '../src';

describe('WikiConnector metadata and spec handling', () => {
  it('declares the WIKI type, auth modes and secret fields', () => {
    expect(wikiConnector).toBeInstanceOf(WikiConnector);
    expect(wikiDescriptor.createConnector({ endpoints: {} })).toBeInstanceOf(WikiConnector);
    expect(wikiDescriptor.type).toBe('WIKI');
    expect(wikiDescriptor.authModes).toEqual(['basic', 'bearer', 'oauth']);
    expect(wikiDescriptor.secretFields).toEqual(['token']);
  });

  describe('validateSpec', () => {
    it('normalises: trims, drops nulls and empty strings, strips trailing slashes', () => {
      expect(
        wikiConnector.validateSpec({
          url: '  https://Acme.Atlassian.net/wiki///  ',
          space: ' ENG ',
          cql: null,
          token: ' t0k ',
          username: null,
        }),
      ).toEqual({
        ok: true,
        spec: { url: 'https://acme.atlassian.net/wiki', space: 'ENG', token: 't0k' },
      });
      expect(
        wikiConnector.validateSpec({
          url: 'http://dc.local:8090/confluence/',
          cql: 'label = x',
          space: '',
        }),
      ).toEqual({
        ok: true,
        spec: { url: 'http://dc.local:8090/confluence', cql: 'label = x' },
      });
    });

    it('keeps attachments only when asked for; anything but a boolean is refused', () => {
      const base = { url: 'https://a.atlassian.net', space: 'A' };
      expect(wikiConnector.validateSpec({ ...base, attachments: true })).toEqual({
        ok: true,
        spec: { ...base, attachments: true },
      });
      for (const off of [false, null, undefined]) {
        expect(wikiConnector.validateSpec({ ...base, attachments: off })).toEqual({
          ok: true,
          spec: base,
        });
      }
      expect(wikiConnector.validateSpec({ ...base, attachments: 'yes' })).toEqual({
        ok: false,
        errors: [{ field: 'spec.attachments', message: 'must be true or false' }],
      });
      // Same source with or without attachments: turning them off removes them at the next sync.
      expect(wikiConnector.sourceKey({ ...base, attachments: true })).toBe(
        wikiConnector.sourceKey(base),
      );
    });

    it('requires exactly one of space and cql', () => {
      expect(
        wikiConnector.validateSpec({ url: 'https://a.atlassian.net', space: 'A', cql: 'x = y' }),
      ).toEqual({
        ok: false,
        errors: [
          { field: 'spec.space', message: expect.stringMatching(/not both/) },
          { field: 'spec.cql', message: expect.stringMatching(/not both/) },
        ],
      });
      expect(
        wikiConnector.validateSpec({ url: 'https://a.atlassian.net', space: null, cql: '  ' }),
      ).toEqual({
        ok: false,
        errors: [{ field: 'spec.space', message: expect.any(String) }],
      });
    });

    it.each([
      ['ftp://a.example.com', /http or https/],
      ['https://user:pw@a.example.com', /credentials/],
      ['https://a.example.com/wiki?x=1', /query/],
      ['https://a.example.com/wiki#top', /fragment/],
      ['a.atlassian.net', /absolute URL/],
      ['', /required/],
      [42, /required/],
    ])('refuses url %j', (url, message) => {
      const result = wikiConnector.validateSpec({ url, space: 'ENG' });
      expect(result).toEqual({
        ok: false,
        errors: [{ field: 'spec.url', message: expect.stringMatching(message) }],
      });
    });

    it('requires a token with a username', () => {
      expect(
        wikiConnector.validateSpec({
          url: 'https://a.atlassian.net',
          space: 'A',
          username: 'me@x.com',
        }),
      ).toEqual({
        ok: false,
        errors: [{ field: 'spec.token', message: expect.any(String) }],
      });
    });

    it('refuses wrong types and impossible space keys', () => {
      expect(wikiConnector.validateSpec({ url: 'https://a.atlassian.net', space: 7 })).toEqual({
        ok: false,
        errors: [{ field: 'spec.space', message: 'must be a string' }],
      });
      expect(
        wikiConnector.validateSpec({ url: 'https://a.atlassian.net', space: 'A,B' }),
      ).toMatchObject({
        ok: false,
        errors: [{ field: 'spec.space' }],
      });
      expect(wikiConnector.validateSpec(null)).toMatchObject({
        ok: false,
        errors: [{ field: 'spec' }],
      });
    });
  });

  it('picks the auth mode from the credentials in the spec', () => {
    const url = 'https://a.atlassian.net';
    expect(wikiConnector.authModeFor({ url, space: 'A', username: 'u', token: 't' })).toBe('basic');
    expect(wikiConnector.authModeFor({ url, space: 'A', token: 't' })).toBe('bearer');
    expect(wikiConnector.authModeFor({ url, space: 'A' })).toBe('oauth');
  });

  it('builds a stable, secret-free source key', () => {
    const space = wikiConnector.sourceKey({
      url: 'https://a.atlassian.net/wiki',
      space: 'ENG',
      token: 'secret',
      username: 'me',
    });
    expect(space).toBe('confluence:https://a.atlassian.net#space=ENG');
    expect(space).not.toContain('secret');
    expect(wikiConnector.sourceKey({ url: 'https://a.atlassian.net', space: 'ENG' })).toBe(space);
    expect(wikiConnector.sourceKey({ url: 'http://dc:8090/confluence', cql: 'label = "x"' })).toBe(
      'confluence:http://dc:8090/confluence#cql=label = "x"',
    );
  });

  it('lists the URLs the spec makes the service call', () => {
    const endpoints = { wikiOAuthApiUrl: 'https://gateway.example.com/' };
    expect(
      wikiConnector.sourceUrls(
        { url: 'https://a.atlassian.net', space: 'A', token: 't' },
        endpoints,
      ),
    ).toEqual(['https://a.atlassian.net']);
    expect(
      wikiConnector.sourceUrls({ url: 'https://a.atlassian.net', space: 'A' }, endpoints),
    ).toEqual(['https://a.atlassian.net', 'https://gateway.example.com']);
    expect(wikiConnector.sourceUrls({ url: 'https://a.atlassian.net', space: 'A' }, {})).toEqual([
      'https://a.atlassian.net',
      'https://api.atlassian.com',
    ]);
  });
});
