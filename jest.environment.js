// Native modules (onnxruntime-node) build typed arrays in Node's own realm and check them
// with `instanceof` against the test realm's constructors, which fails. Sharing the host's
// typed-array constructors with the tests makes both sides agree.
const { TestEnvironment } = require('jest-environment-node');

const SHARED = [
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

class DocentTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of SHARED) this.global[name] = globalThis[name];
  }
}

module.exports = DocentTestEnvironment;
