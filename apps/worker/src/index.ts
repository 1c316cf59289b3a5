export { RUNTIME, RuntimeModule, type RuntimeModuleOptions } from './runtime.module';
export { DOCENT_QUEUE, WorkerModule } from './worker.module';
export { HEARTBEAT_FILE, startHeartbeat } from './heartbeat';
