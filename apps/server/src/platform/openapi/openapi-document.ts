import { z } from 'zod';
import { errorBodySchema, type ErrorCode } from '@atrium/shared';
import type { ApiOperation, ApiSection, OtherContent } from './api-operation';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const errorResponses: Record<number, { name: string; code: ErrorCode; description: string }> = {
  400: {
    name: 'BadRequest',
    code: 'validation_failed',
    description:
      'The input is not valid: `validation_failed` with a message per field in `fields`, or `invalid_json`.',
  },
  401: { name: 'Unauthenticated', code: 'unauthenticated', description: 'No valid session or API token.' },
  403: {
    name: 'Forbidden',
    code: 'forbidden',
    description:
      "The role or the token's scopes lack the permission, or a cookie-authenticated change came from another site.",
  },
  404: {
    name: 'NotFound',
    code: 'not_found',
    description: 'No such record in this workspace, or none the caller may see.',
  },
  409: {
    name: 'Conflict',
    code: 'conflict',
    description: "The change conflicts with the record's current state.",
  },
  410: {
    name: 'Gone',
    code: 'gone',
    description: 'A single-use link that was already used.',
  },
  412: {
    name: 'PreconditionFailed',
    code: 'precondition_failed',
    description: 'The `version` sent is stale: the record changed since it was read.',
  },
  413: {
    name: 'PayloadTooLarge',
    code: 'payload_too_large',
    description: 'The body is larger than the server accepts.',
  },
  415: {
    name: 'UnsupportedMediaType',
    code: 'unsupported_media_type',
    description: 'The body is not declared as JSON.',
  },
  422: {
    name: 'Unprocessable',
    code: 'unprocessable',
    description: 'The request is well-formed but cannot be carried out.',
  },
  429: {
    name: 'RateLimited',
    code: 'rate_limited',
    description: 'Too many requests; try again after `Retry-After` seconds.',
  },
  503: {
    name: 'ServiceUnavailable',
    code: 'service_unavailable',
    description: 'The server cannot answer now; try again later.',
  },
};

const successDescriptions: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/**
 * A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses): requests as clients send them
 * (`input`, before defaults and transforms), answers as the server sends them (`output`).
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    // The format says it; zod's equivalent regular expressions would only make the document unreadable.
    override: ({ jsonSchema }) => {
      if (jsonSchema.format && jsonSchema.pattern) delete jsonSchema.pattern;
      // z.int()'s safe-integer bounds say nothing a client needs.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  return json as JsonSchema;
}

/** `/tasks/:id` as OpenAPI writes it: `/tasks/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const pathParameters = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    // Record ids are uuids; a signed link's token and an article's readable address (issue 22) are not.
    schema: name === 'token' || name === 'slug' ? { type: 'string' } : { type: 'string', format: 'uuid' },
  }));

function queryParameters(operation: ApiOperation) {
  if (!operation.query) return [];
  const json = jsonSchemaOf(operation.query, 'input');
  if (!json.properties) throw new Error(`${operation.method} ${operation.path}: the query is not an object`);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
}

function requestBody(body: z.ZodType | OtherContent) {
  if (isOtherContent(body)) {
    return {
      required: true,
      description: body.description,
      content: Object.fromEntries(body.mediaTypes.map((type) => [type, {}])),
    };
  }
  return {
    // An empty body reads as {}: a body whose every field is optional may be left out.
    required: !body.safeParse({}).success,
    content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } },
  };
}

const isOtherContent = (response: z.ZodType | OtherContent): response is OtherContent =>
  'mediaTypes' in response;

function successResponse(status: number, response: z.ZodType | OtherContent) {
  if (isOtherContent(response)) {
    if (response.mediaTypes.length === 0) return { description: response.description };
    return {
      description: response.description,
      content: Object.fromEntries(response.mediaTypes.map((type) => [type, {}])),
    };
  }
  return {
    description: successDescriptions[status] ?? String(status),
    content: { 'application/json': { schema: jsonSchemaOf(response, 'output') } },
  };
}

/** A name for client generators and links: `PATCH /tasks/:id/subtasks/:subtaskId` is `patchTasksByIdSubtasksBySubtaskId`. */
const operationId = ({ method, path }: ApiOperation) =>
  method +
  path
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${capitalize(part.slice(1))}` : capitalize(part)))
    .join('');

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The failures an operation can answer, from what it takes and who may call it. */
function errorStatuses(operation: ApiOperation): number[] {
  const statuses = new Set<number>(operation.errors ?? []);
  if (takesIdempotencyKey(operation)) statuses.add(400).add(409).add(422);
  if (operation.query || operation.body) statuses.add(400);
  if (operation.body) statuses.add(413).add(415);
  // API tokens are rate-limited per token (issue 19).
  if (operation.access !== 'public') statuses.add(401).add(429);
  // Every change is refused from another site (CSRF), whoever may make it.
  if (!['public', 'member'].includes(operation.access) || operation.method !== 'get') statuses.add(403);
  if (operation.path.includes(':')) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

/** Every POST of a signed-in member may carry an Idempotency-Key (issue 19): platform/idempotency. */
const takesIdempotencyKey = (operation: ApiOperation) =>
  operation.method === 'post' && operation.access !== 'public';

const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A retry with the same key and request gets the first answer again (`Idempotent-Replayed: true`) and changes nothing. The same key with another request is 422; a retry while the first is still being answered is 409. Keys are kept 24 hours.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

function operationObject(operation: ApiOperation, tag: string) {
  const parameters = [
    ...pathParameters(operation.path),
    ...queryParameters(operation),
    ...(takesIdempotencyKey(operation) ? [idempotencyKey] : []),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    if (response) responses[status] = successResponse(Number(status), response);
  }
  for (const status of errorStatuses(operation)) {
    responses[String(status)] = { $ref: `#/components/responses/${errorResponses[status]!.name}` };
  }
  const access =
    operation.access === 'public'
      ? 'No sign-in needed.'
      : operation.access === 'member'
        ? 'Any signed-in member.'
        : `Requires the \`${operation.access}\` permission.`;
  return {
    operationId: operationId(operation),
    tags: [tag],
    summary: operation.summary,
    description: [operation.description, access].filter(Boolean).join('\n\n'),
    ...(operation.access === 'public' ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body ? { requestBody: requestBody(operation.body) } : {}),
    responses,
  };
}

const description = `The Atrium REST API. Every request and answer is JSON unless an operation says otherwise.

**Authentication.** A browser signs in through \`POST /auth/login\` and sends the session cookie; a
cookie-authenticated change must come from the app's own origin. Integrations send an API token
(Settings → API tokens) as \`Authorization: Bearer <token>\`: it acts within the workspace and the
scopes it was made with.

**Errors** answer with their HTTP status and one body:
\`{ "error": { "code": "validation_failed", "message": "...", "fields": { "email": "..." } } }\`.

**Lists** are pages: \`?limit=&cursor=\`, answered with \`{ data, nextCursor, total? }\`; pass
\`nextCursor\` back as \`cursor\` for the next page, until it is null.

**Updates** carry the \`version\` of the record they were read at; a stale one answers 412.`;

/** The OpenAPI 3.1 document of the operations: served at /api/v1/openapi.json. */
export function openApiDocument(sections: readonly ApiSection[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const section of sections) {
    for (const operation of section.operations) {
      const path = (paths[openApiPath(operation.path)] ??= {});
      if (path[operation.method]) throw new Error(`${operation.method} ${operation.path} is described twice`);
      path[operation.method] = operationObject(operation, section.tag);
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Atrium API', version, description },
    servers: [{ url: '/api/v1' }],
    tags: sections.map(({ tag, description }) => ({ name: tag, description })),
    security: [{ sessionCookie: [] }, { bearerAuth: [] }],
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorBodySchema, 'output') },
      responses: Object.fromEntries(
        Object.values(errorResponses).map(({ name, code, description }) => [
          name,
          {
            description,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Error' },
                example: { error: { code, message: description } },
              },
            },
          },
        ]),
      ),
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          // Served over https, the cookie's name has the __Secure- prefix.
          name: 'better-auth.session_token',
          description: 'The session cookie set by signing in.',
        },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token of the workspace.' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
