export * from './client';
export * from './config';
export * as schema from './schema/index';
