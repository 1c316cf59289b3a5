export * from './types';
export { chunkByHeadings } from './chunk-by-headings';
export { memoizeCount } from './token-fitting';
