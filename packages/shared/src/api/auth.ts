import { z } from 'zod';
import { roles } from '../domain/enums';
import { actions } from '../permissions/permissions';
import { text } from './fields';

/**
 * OWASP ASVS: at least 8 characters, long passphrases allowed, no composition rules; spaces alone are
 * no password (issue 17). The server also refuses common passwords, a list too big for the browser.
 */
export const passwordSchema = text()
  .min(8, 'Use at least 8 characters')
  .max(128, 'Use at most 128 characters')
  .refine((password) => password.trim() !== '', 'Use more than spaces');

export const emailSchema = text()
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address')
  .pipe(z.email('Enter a valid email address'));

export const personNameSchema = text()
  .trim()
  .min(1, 'Enter your name')
  .max(100, 'Use at most 100 characters');

/** /signup — 'Create your free account' (issue 3). */
export const signupSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  companyName: text().trim().min(1, 'Enter your company name').max(100, 'Use at most 100 characters'),
});
export type SignupInput = z.input<typeof signupSchema>;

/** /login — 'Sign in to your account'. */
export const loginSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'Enter your password').max(128),
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /api/v1/me/password — the current password proves it is the person; other sessions end. */
export const changePasswordSchema = z.object({
  currentPassword: text().min(1, 'Enter your current password').max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const switchWorkspaceSchema = z.object({ workspaceId: z.uuid() });

export const workspaceSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(roles),
});

/** GET /api/v1/me — who is signed in, where, and what they may do there. */
export const meSchema = z.object({
  user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  workspace: workspaceSummarySchema.extend({ trialEndsAt: z.string().nullable() }),
  workspaces: z.array(workspaceSummarySchema),
  employeeId: z.uuid().nullable(),
  permissions: z.array(z.enum(actions)),
});
export type Me = z.infer<typeof meSchema>;

/** POST /api/v1/auth/signup where addresses are confirmed (202): the link went to this address. */
export const signupConfirmationSchema = z.object({ confirmEmail: z.string() });
export type SignupConfirmation = z.infer<typeof signupConfirmationSchema>;
