export { ApiModule, type ApiModuleOptions } from './api.module';
export { apiRole, createApiApp, type ApiAppOptions, type ApiRole } from './create-api-app';
