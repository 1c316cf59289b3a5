export { SecretBox } from './secret-box';
export { loadSecretKey, parseSecretKey, SECRET_KEY_FILE, SecretKeyError } from './secret-key';
