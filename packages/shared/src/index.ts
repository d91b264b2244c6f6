export * from './api/error';
export * from './api/list';
export * from './domain/enums';
export * from './domain/work-rules';
