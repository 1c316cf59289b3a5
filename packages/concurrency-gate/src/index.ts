export { ConcurrencyGate, KeyedConcurrencyGates } from './concurrency-gate';
