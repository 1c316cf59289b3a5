import { Counter, Gauge, type Registry } from 'prom-client';
import type { DependencyMetrics } from '@docent/dependency-health';
import type { Dependency } from '@docent/domain-errors';
import { RECONCILER_ACTIONS, type ReconcilerMetrics } from '@docent/ingestion';

const DEPENDENCIES: readonly Dependency[] = ['database', 'queue', 'index'];

/**
 * Outages as this process saw them: `docent_dependency_up{dependency}` (1 or 0),
 * `docent_dependency_outages_total` and `docent_dependency_outage_seconds_total` (summed when each
 * ends).
 */
export function prometheusDependencyMetrics(registry: Registry): DependencyMetrics {
  const up = new Gauge({
    name: 'docent_dependency_up',
    help: 'Whether this process last found the dependency answering (1) or down (0)',
    labelNames: ['dependency'] as const,
    registers: [registry],
  });
  const outages = new Counter({
    name: 'docent_dependency_outages_total',
    help: 'Outages of a dependency this process saw begin',
    labelNames: ['dependency'] as const,
    registers: [registry],
  });
  const downSeconds = new Counter({
    name: 'docent_dependency_outage_seconds_total',
    help: 'Time the outages this process saw end lasted',
    labelNames: ['dependency'] as const,
    registers: [registry],
  });
  for (const dependency of DEPENDENCIES) {
    up.set({ dependency }, 1);
    outages.inc({ dependency }, 0);
    downSeconds.inc({ dependency }, 0);
  }
  return {
    lost(dependency) {
      up.set({ dependency }, 0);
      outages.inc({ dependency });
    },
    regained(dependency, seconds) {
      up.set({ dependency }, 1);
      downSeconds.inc({ dependency }, seconds);
    },
  };
}

/** `docent_reconciler_actions_total{action}`: what the reconciler of this process did. */
export function prometheusReconcilerMetrics(registry: Registry): ReconcilerMetrics {
  const actions = new Counter({
    name: 'docent_reconciler_actions_total',
    help: 'Reconciler actions: jobs enqueued (missing, failed for good, stalled), ingestions failed past the outage budget, orphans removed from the index',
    labelNames: ['action'] as const,
    registers: [registry],
  });
  for (const action of RECONCILER_ACTIONS) actions.inc({ action }, 0);
  return {
    action(kind, count = 1) {
      actions.inc({ action: kind }, count);
    },
  };
}
