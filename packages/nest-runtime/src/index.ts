export { DOCENT_CONFIG, DOCENT_LOGGER, READINESS, RUNTIME, type ReadinessCheck } from './tokens';
export { RuntimeModule, type RuntimeModuleOptions } from './runtime.module';
