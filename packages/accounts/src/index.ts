export {
  ApiKeyService,
  generateApiKey,
  hashApiKey,
  parseBootstrapKeys,
  type BootstrapKey,
  type Principal,
} from './api-keys';
