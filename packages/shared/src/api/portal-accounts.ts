import { z } from 'zod';
import { emailSchema, passwordSchema, personNameSchema } from './auth';
import { optionalFilter, text } from './fields';

// Customer accounts (issue 22): customers are members with the Customer role. An agent invites one
// (from a ticket or the customer list) through the members' invitations; or, where the workspace
// allows it, a visitor of the help centre signs up and confirms their address before a first ticket.

/** POST /api/v1/helpdesk/customers/invitations — the name greets them in the invitation email. */
export const inviteCustomerSchema = z.object({
  email: emailSchema,
  name: personNameSchema,
});
export type InviteCustomerInput = z.input<typeof inviteCustomerSchema>;

/** GET /api/v1/helpdesk/customers?q= — each word in the name or the email. */
export const customerListQuerySchema = z.object({
  q: optionalFilter(text().trim().max(254, 'Use at most 254 characters')),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/**
 * A customer account, or an invitation not yet accepted: the agents' customer list, and the customers
 * whose portal the agents' preview shows (active accounts).
 */
export const customerAccountSchema = z.object({
  /** The membership's id, or the invitation's. */
  id: z.uuid(),
  kind: z.enum(['account', 'invitation']),
  /** The account's user, whose portal the preview shows; null for an invitation. */
  userId: z.uuid().nullable(),
  /** Null for an invitation: the person gives their name when they accept. */
  name: z.string().nullable(),
  email: z.string(),
  status: z.enum(['active', 'deactivated', 'invited']),
  /** The address is confirmed; a self sign-up waits for its confirmation link (false for an invitation). */
  emailVerified: z.boolean(),
  /** Joined (account) or invitation expiry. */
  date: z.string(),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

/** At most this many rows come back; a search narrows them. */
export const customerListLimit = 200;

export const customerListSchema = z.object({
  data: z.array(customerAccountSchema),
  /** More matched than the list shows. */
  more: z.boolean(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

/** POST /api/v1/portal/sign-up — self sign-up on the help centre (when the workspace allows it). */
export const customerSignUpSchema = z.object({
  workspaceSlug: text().trim().min(1).max(100),
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type CustomerSignUpInput = z.input<typeof customerSignUpSchema>;

/** The answer is the same whether the address already had an account (no account enumeration). */
export const customerSignUpResultSchema = z.object({ confirmEmail: z.string() });
export type CustomerSignUpResult = z.infer<typeof customerSignUpResultSchema>;
