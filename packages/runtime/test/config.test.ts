import { ConfigError, isEmbedded, loadConfig } from '../src';

describe('loadConfig', () => {
  it('defaults to embedded mode on port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/data$/);
    expect(isEmbedded(config)).toBe(true);
    expect(config.answerer).toBe('extractive');
    expect(config.endpoints.pagesApiUrl).toBe('https://api.notion.com');
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u:p@db:5432/docent',
      DOCENT_BOOTSTRAP_API_KEYS: 'acme:acme-key-123456',
      DOCENT_ALLOW_PRIVATE_NETWORK: 'true',
      DOCENT_DRIVE_API_URL: 'http://127.0.0.1:9999',
    });
    expect(config.port).toBe(9000);
    expect(isEmbedded(config)).toBe(false);
    expect(config.bootstrapApiKeys).toEqual([{ account: 'acme', key: 'acme-key-123456' }]);
    expect(config.allowPrivateNetwork).toBe(true);
    expect(config.endpoints.driveApiUrl).toBe('http://127.0.0.1:9999');
  });

  it('rejects bad values with the variable name and never the value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@x/db' })).toThrow(
      /DATABASE_URL must start with postgres/,
    );
    try {
      loadConfig({ DATABASE_URL: 'mysql://u:hunter2@x/db' });
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
    expect(() => loadConfig({ DOCENT_ANSWERER: 'gpt' })).toThrow(/extractive, openai/);
    expect(() => loadConfig({ DOCENT_ANSWERER: 'openai' })).toThrow(/DOCENT_LLM_MODEL/);
    expect(() => loadConfig({ DOCENT_ALLOW_PRIVATE_NETWORK: 'maybe' })).toThrow(/true or false/);
  });

  it('reads OAuth apps per source type, with the real providers as default URLs', () => {
    const config = loadConfig({
      DOCENT_OAUTH_DRIVE_CLIENT_ID: 'drive-app',
      DOCENT_OAUTH_DRIVE_CLIENT_SECRET: 'drive-secret-value',
      DOCENT_OAUTH_PAGES_CLIENT_ID: 'pages-app',
      DOCENT_OAUTH_PAGES_CLIENT_SECRET: 'pages-secret-value',
      DOCENT_OAUTH_PAGES_AUTHORIZE_URL: 'http://127.0.0.1:7000/v1/oauth/authorize',
      DOCENT_OAUTH_PAGES_TOKEN_URL: 'http://127.0.0.1:7000/v1/oauth/token',
    });
    expect(config.oauthClients).toEqual({
      DRIVE: {
        clientId: 'drive-app',
        clientSecret: 'drive-secret-value',
        authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
      },
      PAGES: {
        clientId: 'pages-app',
        clientSecret: 'pages-secret-value',
        authorizeUrl: 'http://127.0.0.1:7000/v1/oauth/authorize',
        tokenUrl: 'http://127.0.0.1:7000/v1/oauth/token',
      },
    });
    expect(loadConfig({}).oauthClients).toEqual({});
    expect(() => loadConfig({ DOCENT_OAUTH_WIKI_CLIENT_ID: 'wiki-app' })).toThrow(
      /DOCENT_OAUTH_WIKI_CLIENT_SECRET is required/,
    );
    expect(() =>
      loadConfig({
        DOCENT_OAUTH_WIKI_CLIENT_ID: 'wiki-app',
        DOCENT_OAUTH_WIKI_CLIENT_SECRET: 's3cret-value',
        DOCENT_OAUTH_WIKI_TOKEN_URL: 'ftp://x',
      }),
    ).toThrow(ConfigError);
  });

  it('reads how often schedules are looked at, and the test clock file', () => {
    expect(loadConfig({}).schedulerPollMs).toBe(10_000);
    expect(loadConfig({}).testClockFile).toBeUndefined();
    const config = loadConfig({
      DOCENT_SCHEDULER_POLL_MS: '250',
      DOCENT_TEST_CLOCK_FILE: 'tmp/clock',
    });
    expect(config.schedulerPollMs).toBe(250);
    expect(config.testClockFile).toMatch(/^\/.*tmp\/clock$/);
    expect(() => loadConfig({ DOCENT_SCHEDULER_POLL_MS: '10' })).toThrow(
      /DOCENT_SCHEDULER_POLL_MS must be an integer between 50 and 600000/,
    );
  });
});
