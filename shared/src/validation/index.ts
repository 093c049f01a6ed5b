export * from './messages';
export * from './fields';
export * from './forms';
