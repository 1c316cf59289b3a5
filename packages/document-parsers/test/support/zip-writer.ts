export { withDeclaredSize, zipOf } from '@docent/test-support';
