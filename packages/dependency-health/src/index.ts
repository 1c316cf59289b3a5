export {
  DependencyMonitor,
  NO_DEPENDENCY_METRICS,
  type DependencyLogger,
  type DependencyMetrics,
  type DependencyMonitorOptions,
  type DependencyProbes,
  type Outage,
} from './dependency-monitor';
