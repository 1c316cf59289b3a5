/** Injection token of the composed runtime (`Runtime` of `@docent/runtime`). */
export const RUNTIME = Symbol('DocentRuntime');
