/** Public surface of the pure locate engine. */
export * from './model.js';
export * from './outline.js';
export * from './markers.js';
export * from './tokens.js';
export * from './matcher.js';
export * from './locate-string.js';
export * from './validate.js';
export * from './symbol-path.js';
export * from './symbol-match.js';
export * from './edit-distance.js';
export * from './resolve-core.js';
export * from './resolver.js';
export * from './describe.js';
export * from './workspace-locate.js';
export * from './reanchor.js';
