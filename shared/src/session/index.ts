export * from './atoms';
export * from './actions';
export * from './hooks';
export { browserStorage, readStoredUser } from './storage';
