export { RUNTIME, RuntimeModule, type RuntimeModuleOptions } from './runtime.module';
export { DOCENT_QUEUE, JobWorkerModule } from './job-worker.module';
