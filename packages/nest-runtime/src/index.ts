export { RUNTIME } from './runtime-token';
export { RuntimeModule, type RuntimeModuleOptions } from './runtime.module';
