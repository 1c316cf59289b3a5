// nock patches Node's http module, which outlives a test file's module registry: a file that
// leaves it active makes the next file in the same worker talk to a stale interceptor.
afterAll(() => {
  const nock = require('nock');
  nock.cleanAll();
  nock.enableNetConnect();
  nock.restore();
});
