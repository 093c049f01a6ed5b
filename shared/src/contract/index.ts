export * from './remotes';
export * from './routes';
export * from './storage';
export * from './runtime-config';
