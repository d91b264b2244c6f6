import type { z } from 'zod';
import type { Action } from '@atrium/shared';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 503;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A body that is not JSON: a downloaded file or an event stream, by its media types. */
export type OtherContent = { description: string; mediaTypes: readonly string[] };

/** 204: the answer has no body. */
export const noContent = { description: 'Done; no body', mediaTypes: [] } as const satisfies OtherContent;

export const csvFile = {
  description: 'A CSV file',
  mediaTypes: ['text/csv'],
} as const satisfies OtherContent;

export const spreadsheetFile = {
  description: 'A CSV or XLSX file, as asked',
  mediaTypes: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
} as const satisfies OtherContent;

/**
 * One API operation as its route serves it: the very schemas the route reads its input with and
 * answers with. The OpenAPI document is generated from these (ADR 022).
 */
export type ApiOperation = {
  method: HttpMethod;
  /** Under /api/v1, as the router writes it: `/tasks/:id`. Every `:param` is a record id (uuid), but `:token`. */
  path: string;
  summary: string;
  description?: string;
  /** Who may call it: anyone, any signed-in member, or a member whose role holds the action. */
  access: 'public' | 'member' | Action;
  query?: z.ZodType;
  /** A JSON schema, or another kind of body (a raw mail). */
  body?: z.ZodType | OtherContent;
  /** Success answers by status: a JSON schema, or another kind of body. */
  responses: Partial<Record<number, z.ZodType | OtherContent>>;
  /**
   * Failures beyond those that follow from the rest (400 for input, 401/403 for access, 404 for an
   * id in the path, 413/415 for a body): 409, 412, 422, 429 where the operation can answer them.
   */
  errors?: readonly ErrorStatus[];
};

/** The operations of one module, grouped under its tag in the document. */
export type ApiSection = { tag: string; description: string; operations: readonly ApiOperation[] };
