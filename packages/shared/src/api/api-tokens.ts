import { z } from 'zod';
import { actions } from '../permissions/permissions';
import { isoDateTime, text } from './fields';

// API tokens (issue 19): a member makes one in Settings for a script or an integration, with a
// subset of their own permissions as its scopes; `Authorization: Bearer <token>` then acts as them.

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters: enough to tell tokens apart, never enough to use one. */
  prefix: z.string(),
  scopes: z.array(z.enum(actions)),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Who made it (an Admin lists every token of the workspace). */
  owner: z.object({ userId: z.uuid(), name: z.string(), email: z.string() }),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

const apiTokenNameMaxLength = 100;

export const createApiTokenSchema = z.object({
  name: text()
    .trim()
    .min(1, 'Give the token a name')
    .max(apiTokenNameMaxLength, `Use at most ${apiTokenNameMaxLength} characters`),
  scopes: z
    .array(z.enum(actions, 'Unknown permission'))
    .min(1, 'Choose at least one permission')
    .transform((scopes) => [...new Set(scopes)]),
  /** When it stops working; without one it works until revoked. */
  expiresAt: isoDateTime('Use a date and time such as 2030-01-31T23:59:59Z').nullish(),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

/** The answer to a create: the only time the token itself is shown. */
export const createdApiTokenSchema = z.object({ token: z.string(), apiToken: apiTokenSchema });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** How tokens start: tells them apart from other secrets (and lets secret scanners find them). */
export const apiTokenMarker = 'atr_';
