import { z } from 'zod';
import { membershipStatuses, roles } from '../domain/enums';
import { emailSchema, passwordSchema, personNameSchema } from './auth';
import { recordVersion } from './fields';

export const memberSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(membershipStatuses),
  joinedAt: z.string(),
  version: z.number().int(),
});
export type Member = z.infer<typeof memberSchema>;

export const inviteMemberSchema = z.object({
  email: emailSchema,
  role: z.enum(roles, 'Choose a role'),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

/** Role change and deactivation carry the version they were read at (412 when stale). */
export const updateMemberSchema = z
  .object({
    role: z.enum(roles).optional(),
    status: z.enum(membershipStatuses).optional(),
    version: recordVersion(),
  })
  .refine((value) => value.role !== undefined || value.status !== undefined, 'Change the role or the status');
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the invite link shows before the person joins (no session yet). */
export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  email: z.string(),
  role: z.enum(roles),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * Accepting while signed in (as the invited address) takes nothing; without a session the invitation
 * creates a new account, which needs a name and a password (issue 17).
 */
export const acceptInvitationSchema = z.object({
  name: personNameSchema.optional(),
  password: passwordSchema.optional(),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** Invitations stay valid for 7 days. */
export const invitationLifetimeDays = 7;
