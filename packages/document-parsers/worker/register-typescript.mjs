// Lets a worker thread require this repository's TypeScript sources, compiled on the fly by
// @swc/core (a root dev dependency, so tests only), with workspace packages mapped to their
// sources as jest's moduleNameMapper does.
import { existsSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export function registerTypeScript() {
  if (Module._extensions['.ts']) return;
  const { transformSync } = require('@swc/core');
  Module._extensions['.ts'] = (module, filename) => {
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      swcrc: false,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    module._compile(code, filename);
  };
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    if (/^@docent\/[^/]+$/.test(request)) {
      const manifest = resolveFilename.call(this, `${request}/package.json`, parent, ...rest);
      const source = path.join(path.dirname(manifest), 'src', 'index.ts');
      if (existsSync(source)) return source;
    }
    return resolveFilename.call(this, request, parent, ...rest);
  };
}
