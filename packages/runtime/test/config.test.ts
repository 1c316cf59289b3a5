import { ConfigError, extractiveThresholds, isEmbedded, loadConfig } from '../src';

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

  it('reads the outage budget under its name, or its former one, and the reconciler interval', () => {
    expect(loadConfig({}).ingestion).toMatchObject({
      outageLimitMs: 1_800_000,
      reconcileIntervalMs: 15_000,
    });
    expect(loadConfig({ DOCENT_INDEX_OUTAGE_LIMIT_MS: '60000' }).ingestion.outageLimitMs).toBe(
      60_000,
    );
    const both = loadConfig({
      DOCENT_OUTAGE_LIMIT_MS: '90000',
      DOCENT_INDEX_OUTAGE_LIMIT_MS: '60000',
      DOCENT_RECONCILE_INTERVAL_MS: '2000',
    });
    expect(both.ingestion).toMatchObject({ outageLimitMs: 90_000, reconcileIntervalMs: 2_000 });
    expect(() => loadConfig({ DOCENT_OUTAGE_LIMIT_MS: '10' })).toThrow(/DOCENT_OUTAGE_LIMIT_MS/);
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

  it('reads the Elasticsearch layout: shared indices by default, or one index per collection', () => {
    const url = { ELASTICSEARCH_URL: 'http://es:9200' };
    expect(loadConfig(url).elasticsearch).toEqual({
      url: 'http://es:9200',
      indexPrefix: 'docent',
      layout: 'shared',
      sharedIndices: 2,
      dedicatedThreshold: 100_000,
      replicas: undefined,
      collectionIdf: true,
    });
    expect(
      loadConfig({
        ...url,
        DOCENT_ES_LAYOUT: 'dedicated',
        DOCENT_ES_SHARED_INDICES: '4',
        DOCENT_ES_DEDICATED_THRESHOLD: '0',
        DOCENT_ES_REPLICAS: '0',
        DOCENT_ES_COLLECTION_IDF: 'false',
      }).elasticsearch,
    ).toMatchObject({
      layout: 'dedicated',
      sharedIndices: 4,
      dedicatedThreshold: 0,
      replicas: 0,
      collectionIdf: false,
    });
    expect(() => loadConfig({ ...url, DOCENT_ES_LAYOUT: 'mixed' })).toThrow(/shared, dedicated/);
    expect(() => loadConfig({ ...url, DOCENT_ES_SHARED_INDICES: '0' })).toThrow(
      /DOCENT_ES_SHARED_INDICES must be an integer between 1 and 1000/,
    );
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

  it('takes chunk size, fusion weight and "not found" threshold from the model’s calibration', () => {
    const lite = loadConfig({
      DOCENT_EMBEDDING_MODEL: 'local/universal-sentence-encoder-lite-en',
    });
    const minilm = loadConfig({ DOCENT_EMBEDDING_MODEL: 'local/all-MiniLM-L6-v2' });
    expect(lite).toMatchObject({ chunkTokens: 384, vectorWeight: 0.4, notFoundThreshold: 0.38 });
    expect(minilm).toMatchObject({ chunkTokens: 384, vectorWeight: 0.7, notFoundThreshold: 0.36 });
    // The asked-word floor only where measured: a model's word similarities are its own.
    expect(minilm.askedWordSimilarity).toBe(0.15);
    expect(lite.askedWordSimilarity).toBeUndefined();
    expect(loadConfig({}).askedWordSimilarity).toBeUndefined();
    // As the extractive answerer takes them: no floor where none was measured.
    expect(extractiveThresholds(minilm)).toEqual({ minEvidence: 0.36, askedWordSimilarity: 0.15 });
    expect(extractiveThresholds(lite)).toEqual({ minEvidence: 0.38 });
    // A model nobody measured here gets the strongest measured model's settings.
    const unmeasured = loadConfig({});
    expect(unmeasured.embeddingModel).toBe('Xenova/bge-small-en-v1.5');
    expect({
      chunkTokens: unmeasured.chunkTokens,
      vectorWeight: unmeasured.vectorWeight,
      notFoundThreshold: unmeasured.notFoundThreshold,
    }).toEqual({
      chunkTokens: minilm.chunkTokens,
      vectorWeight: minilm.vectorWeight,
      notFoundThreshold: minilm.notFoundThreshold,
    });
    expect(
      loadConfig({
        DOCENT_EMBEDDING_MODEL: 'local/all-MiniLM-L6-v2',
        DOCENT_CHUNK_TOKENS: '200',
        DOCENT_VECTOR_WEIGHT: '0.7',
        DOCENT_NOT_FOUND_THRESHOLD: '0.5',
      }),
    ).toMatchObject({ chunkTokens: 200, vectorWeight: 0.7, notFoundThreshold: 0.5 });
    expect(() => loadConfig({ DOCENT_NOT_FOUND_THRESHOLD: '1.5' })).toThrow(
      /DOCENT_NOT_FOUND_THRESHOLD must be a number between 0 and 1/,
    );
  });

  it('reads the weights of a local model, or leaves them to its profile', () => {
    expect(loadConfig({}).embeddingDtype).toBeUndefined();
    expect(loadConfig({ DOCENT_EMBEDDING_DTYPE: 'q8' }).embeddingDtype).toBe('q8');
    expect(() => loadConfig({ DOCENT_EMBEDDING_DTYPE: 'int4' })).toThrow(/fp32, fp16, q8/);
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

describe('DOCENT_TRUSTED_PROXIES', () => {
  it('reads addresses and CIDRs of both families, and refuses anything else', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(
      loadConfig({ DOCENT_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '127.0.0.1/32', '::1/128', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '::1/129']) {
      expect(() => loadConfig({ DOCENT_TRUSTED_PROXIES: bad })).toThrow(
        /DOCENT_TRUSTED_PROXIES must be IP addresses or CIDRs/,
      );
    }
  });
});
