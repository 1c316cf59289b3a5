import { askedNamedKind, namesKind } from '../src/named-kind';

describe('askedNamedKind', () => {
  it('reads the kind of named thing a question asks for', () => {
    expect(askedNamedKind('Which module has to be compiled statically for DSO loading?')).toBe(
      'module',
    );
    expect(askedNamedKind('Which configure option builds mod_http2 from source?')).toBe('option');
    expect(askedNamedKind('What signals does httpd accept?')).toBe('signal');
  });

  it('reads none when the question asks what a named thing does, or asks no name', () => {
    expect(askedNamedKind('What does the directive do?')).toBeNull();
    expect(askedNamedKind('Which port does Heron listen on?')).toBeNull();
  });
});

describe('namesKind', () => {
  it('holds a name written as code together with the word for its kind', () => {
    expect(
      namesKind(
        'The DSO support is based on a module named mod_so which must be statically compiled.',
        'module',
      ),
    ).toBe(true);
    expect(namesKind('The USR1 or graceful signal causes a graceful restart.', 'signal')).toBe(
      true,
    );
    expect(namesKind('Modules compiled separately from the Apache httpd binary.', 'module')).toBe(
      false,
    );
    expect(namesKind('Signals httpd to start, restart, or stop.', 'signal')).toBe(false);
  });

  it('takes an option for an option, wherever it stands, and a term for its name', () => {
    expect(namesKind("Give it '--enable-http2' as additional argument.", 'option')).toBe(true);
    expect(namesKind('Building it requires libnghttp2.', 'option')).toBe(false);
    expect(
      namesKind('Specifies the maximum number of workers.', 'setting', 'autovacuum_max_workers'),
    ).toBe(true);
    expect(namesKind('Signals httpd to start.', 'signal', '-k start|restart')).toBe(false);
  });
});
