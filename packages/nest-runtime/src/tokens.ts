import type { Runtime } from '@docent/runtime';

/**
 * Injection tokens of what is not a class. The runtime's services are provided under their own
 * classes (`ApiKeyService`, `IngestionService`…), so a consumer injects only what it uses.
 */

/** The whole composed runtime: for the app shells (heartbeat, shutdown) and test harnesses. */
export const RUNTIME = Symbol('DocentRuntime');
/** The `DocentConfig` loaded at start-up. */
export const DOCENT_CONFIG = Symbol('DocentConfig');
/** The JSON logger (`Logger` of `@docent/ingestion`). */
export const DOCENT_LOGGER = Symbol('DocentLogger');
/** The runtime's `DependencyMonitor`: outages as this process sees them. */
export const DEPENDENCY_MONITOR = Symbol('DocentDependencyMonitor');
/** `ReadinessCheck`: one entry per dependency, `ok` or why not. */
export const READINESS = Symbol('DocentReadiness');

export type ReadinessCheck = Runtime['readiness'];
/** `MetricsText`: the runtime's own Prometheus metrics (ingestion stages), as exposition text. */
export const RUNTIME_METRICS = Symbol('DocentRuntimeMetrics');

export type MetricsText = () => Promise<string>;
