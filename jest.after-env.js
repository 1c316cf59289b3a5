// A test's time limit, not a speed target (those live in the benches): jest's default 5 s is
// short for the suites that run real models, parsers and databases on a loaded 2-core machine.
// (`testTimeout` in a project's config is not applied: it is a global option.) A test or hook
// that passes its own limit keeps it.
jest.setTimeout(20_000);

// nock patches Node's http module, which outlives a test file's module registry: a file that
// leaves it active makes the next file in the same worker talk to a stale interceptor.
afterAll(() => {
  const nock = require('nock');
  nock.cleanAll();
  nock.enableNetConnect();
  nock.restore();
});
