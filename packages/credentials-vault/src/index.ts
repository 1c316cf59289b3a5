export { SecretBox } from './secret-box';
export { loadSecretKey, parseSecretKey, SecretKeyError } from './secret-key';
