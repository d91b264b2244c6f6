import type { ApiSection } from './api-operation';

export const openApiApi: ApiSection = {
  tag: 'API description',
  description: 'This document.',
  operations: [
    {
      method: 'get',
      path: '/openapi.json',
      summary: 'The OpenAPI 3.1 document of this API',
      access: 'public',
      responses: { 200: { description: 'The OpenAPI document', mediaTypes: ['application/json'] } },
    },
  ],
};
