export * from './client';
export * from './types';
export * from './keys';
export * from './operations';
export { camelKeys, snakeKeys } from './case';
export * from './plans';
export type { AppSchema, AppSchemaName, Camelized } from './wire';
