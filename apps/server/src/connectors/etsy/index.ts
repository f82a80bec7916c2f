export * from './client';
export * from './connector';
export * from './errors';
export * from './mapper';
export * from './oauth';
