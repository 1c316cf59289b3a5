import { hostForMessages } from '../src';

describe('hostForMessages', () => {
  it('keeps the host and port, dropping path, query and credentials', () => {
    expect(hostForMessages('https://user:pw@wiki.example.com:8443/confluence/rest/api?cql=x')).toBe(
      'wiki.example.com:8443',
    );
  });

  it('names an unparseable URL generically', () => {
    expect(hostForMessages('not a url')).toBe('the configured URL');
  });
});
