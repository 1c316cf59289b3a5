export * from './types';
export { chunkByHeadings } from './chunk-by-headings';
