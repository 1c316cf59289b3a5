// Runs bench/parse-throughput.ts through the same on-the-fly TypeScript loader the parse
// workers use under test: `node bench/run-bench.mjs [iterations]`.
import { createRequire } from 'node:module';
import { registerTypeScript } from '../worker/register-typescript.mjs';

registerTypeScript();
createRequire(import.meta.url)('./parse-throughput.ts');
