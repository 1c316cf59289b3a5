export * from './shared';
export * from './confluence';
export * from './fixtures/wiki-corpus';
export * from './drive';
export * from './notion';
