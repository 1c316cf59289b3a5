export { WebUiModule } from './web-ui.module';
export { CONTENT_SECURITY_POLICY } from './web-ui-headers';
