/** Public surface of the core layer. */
export * from './errors.js';
export * from './positions.js';
export * from './line-index.js';
export * from './limits.js';
