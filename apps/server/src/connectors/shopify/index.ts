export * from './client';
export * from './connector';
export * from './mapper';
export * from './oauth';
export * from './tags';
export * from './webhook';
