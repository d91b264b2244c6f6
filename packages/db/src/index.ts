export * from './client';
export * from './config';
export * from './prepared';
export * as schema from './schema/index';
