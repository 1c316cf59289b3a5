export { ConfigError, isEmbedded, loadConfig, type DocentConfig, type Environment } from './config';
export { buildRuntime, type Runtime, type RuntimeOptions } from './runtime';
export { createJsonLogger, type LogLevel } from './json-logger';
export { bullMqQueueSettings, newWorkerId } from './worker-identity';
export { fileClock } from './test-clock';
export { processMetricsRegistry, startMetricsServer } from './metrics-server';
export { answerModelOf } from './answer-model';
export { sentenceReranker, type SentenceReranker } from './sentence-reranker';
export { extractiveThresholds } from './extractive-thresholds';
