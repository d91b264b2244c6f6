import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiDescription } from '../api-description';
import type { ApiOperation } from '../platform/openapi/api-operation';
import { openApiDocument, openApiPath } from '../platform/openapi/openapi-document';

const document = openApiDocument(apiDescription, 'test');
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

type Node = Record<string, unknown>;

/** Follows a `#/components/...` reference of the document. */
function resolve(node: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at as Node)[key], document);
  return resolve(target as Node);
}

const operations = apiDescription.flatMap((section) =>
  section.operations.map((operation) => ({
    operation,
    pattern: new RegExp(`^${operation.path.replace(/:\w+/g, '[^/]+')}$`),
    parameters: operation.path.split(':').length - 1,
  })),
);

/** The documented operation a request reaches: a static path wins over a parameter (`/tasks/board`). */
function operationFor(method: string, path: string): ApiOperation | undefined {
  return operations
    .filter((candidate) => candidate.operation.method === method && candidate.pattern.test(path))
    .sort((a, b) => a.parameters - b.parameters)[0]?.operation;
}

const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Node) {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(resolve(schema));
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Checks an answer of the API against the OpenAPI document (ADR 022): its status must be one the
 * operation lists, and a JSON body must match that status's schema. Every integration test's
 * request goes through here, so the document cannot drift from what the server does.
 */
export async function expectDocumentedAnswer(method: string, url: string, response: Response) {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/api/v1/')) return;
  const operation = operationFor(method.toLowerCase(), pathname.slice('/api/v1'.length));
  if (!operation) return;
  const name = `${operation.method.toUpperCase()} ${openApiPath(operation.path)}`;
  const responses = (document.paths[openApiPath(operation.path)]?.[operation.method] as Node)
    .responses as Record<string, Node>;
  const documented = responses[String(response.status)];
  if (!documented) {
    throw new Error(
      `${name} answered ${response.status}, which its OpenAPI description does not list ` +
        `(it lists ${Object.keys(responses).join(', ')}): add it to the operation's responses or errors. ` +
        `Body: ${(await response.clone().text()).slice(0, 300)}`,
    );
  }
  const content = resolve(documented).content as Record<string, { schema?: Node }> | undefined;
  const schema = content?.['application/json']?.schema;
  if (!schema) return;
  if (!response.headers.get('content-type')?.includes('application/json')) {
    throw new Error(
      `${name} answered ${response.status} with ${response.headers.get('content-type')}, not JSON`,
    );
  }
  const body: unknown = await response.clone().json();
  const validate = validatorFor(`${name} ${response.status}`, schema);
  if (!validate(body)) {
    throw new Error(
      `${name} answered ${response.status} with a body its OpenAPI description does not allow: ` +
        ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' }),
    );
  }
}
