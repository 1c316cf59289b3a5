export * from './shared';
export * from './confluence';
export * from './fixtures/wiki-corpus';
export * from './fixtures/answer-sets';
export * from './drive';
export * from './notion';
export * from './chat-completions';
