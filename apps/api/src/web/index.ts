export { WebUiModule, type WebUiOptions } from './web-ui.module';
export { CONTENT_SECURITY_POLICY } from './web-ui-headers';
