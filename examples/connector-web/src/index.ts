import { webDescriptor } from './web-descriptor';

// Docent loads the default export (DOCENT_CONNECTORS=docent-connector-web).
export default webDescriptor;
export { webConnector, webDescriptor, WEB_SPEC_SCHEMA } from './web-descriptor';
export { readHtmlPage, type HtmlPage } from './html-page';
export { RobotsTxt } from './robots-txt';
export { parseSitemap } from './sitemap-xml';
export { type WebSpec, validateWebSpec } from './web-spec';
