export * from './messages';
export * from './fields';
export * from './forms';
export * from './server-errors';
export * from './media';
export * from './script-pauses';
export * from './video-look';
export * from './moderation';
