export * from './replica';
export * from './replica-kit';
export * from './replica-server';
export * from './poshmark/poshmark-replica';
