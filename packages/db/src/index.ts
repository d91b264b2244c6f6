export * from './client';
export * from './config';
export * from './prepared';
export * as schema from './schema/index';
export type { FileAttachment } from './schema/columns';
