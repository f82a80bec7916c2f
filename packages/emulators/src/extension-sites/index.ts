export * from './replica';
export * from './replica-kit';
export * from './replica-server';
export * from './poshmark/poshmark-replica';
export * from './vestiaire/vestiaire-replica';
export * from './vinted/vinted-replica';
export * from './mercari/mercari-replica';
export * from './grailed/grailed-replica';
