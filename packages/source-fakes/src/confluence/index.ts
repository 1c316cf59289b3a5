export { startFakeConfluence } from './start-fake-confluence';
export type * from './fake-confluence-types';
export { compileCql, type CqlContent, type CompiledCql } from './cql/cql-evaluator';
export { CqlError } from './cql/cql-error';
