export { RUNTIME, RuntimeModule, type RuntimeModuleOptions } from './runtime.module';
export { WorkerModule } from './worker.module';
