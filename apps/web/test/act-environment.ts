// Tells React that these tests wrap updates in act(), so it flushes them and warns otherwise.
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

export {};
