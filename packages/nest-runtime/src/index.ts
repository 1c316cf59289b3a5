export {
  DEPENDENCY_MONITOR,
  DOCENT_CONFIG,
  DOCENT_LOGGER,
  LOADED_CONNECTORS,
  READINESS,
  RUNTIME,
  RUNTIME_METRICS,
  type MetricsText,
  type ReadinessCheck,
} from './tokens';
export { RuntimeModule, type RuntimeModuleOptions } from './runtime.module';
export {
  logLine,
  NestStartupLogger,
  OFFLINE_MODEL_SETTINGS,
  startupFailureMessage,
  stopOnSignals,
} from './process-lifecycle';
