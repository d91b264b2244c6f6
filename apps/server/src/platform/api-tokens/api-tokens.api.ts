import { apiTokenSchema, createApiTokenSchema, createdApiTokenSchema, dataListSchema } from '@atrium/shared';
import { noContent, type ApiSection } from '../openapi/api-operation';

export const apiTokensApi: ApiSection = {
  tag: 'API tokens',
  description:
    "Tokens for integrations: a member's own, or every token of the workspace for its Admins. Reached only from a signed-in session, never with a token (403).",
  operations: [
    {
      method: 'get',
      path: '/api-tokens',
      summary: 'The tokens, with their last use',
      access: 'member',
      responses: { 200: dataListSchema(apiTokenSchema) },
      errors: [403],
    },
    {
      method: 'post',
      path: '/api-tokens',
      summary: 'Create a token',
      description: 'The token itself is in this answer only; it is stored as a hash.',
      access: 'member',
      body: createApiTokenSchema,
      responses: { 201: createdApiTokenSchema },
    },
    {
      method: 'delete',
      path: '/api-tokens/:id',
      summary: 'Revoke a token',
      access: 'member',
      responses: { 204: noContent },
    },
  ],
};
