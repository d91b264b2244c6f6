import { z } from 'zod';
import { recordVersion, text } from './fields';
import { dataListSchema } from './list';
import { personRefSchema } from './projects';

// Support teams and the help desk's settings (issue 21): agents grouped into teams, new tickets
// assigned round-robin within one team, resolved tickets closed after some days.
// Routes under /api/v1/helpdesk/teams and /api/v1/helpdesk/settings.

export const maxTeamMembers = 200;

const teamMemberSchema = z.object({
  employeeId: z.uuid('Choose an agent from the list'),
  /** A manager hears of the team's unassigned tickets nearing their SLA. */
  isManager: z.boolean('Manager is true or false').default(false),
});

const teamMembers = z
  .array(teamMemberSchema, 'Members are a list of agents')
  .max(maxTeamMembers, `At most ${maxTeamMembers} members`)
  .refine((members) => new Set(members.map((member) => member.employeeId)).size === members.length, {
    message: 'Each agent once',
  });

const teamName = text({ error: 'Enter the team name' })
  .trim()
  .min(1, 'Enter the team name')
  .max(100, 'Use at most 100 characters');

/**
 * POST /api/v1/helpdesk/teams — the name is unique in the workspace (409); members are live employees
 * who may work tickets (helpdesk:view), 422 otherwise.
 */
export const createTeamSchema = z.object({ name: teamName, members: teamMembers.default([]) });
export type CreateTeamInput = z.input<typeof createTeamSchema>;
export type CreateTeamValues = z.output<typeof createTeamSchema>;

/** PATCH /api/v1/helpdesk/teams/:id — `members`, when sent, replaces the list; 412 when stale. */
export const updateTeamSchema = z.object({
  name: teamName.optional(),
  members: teamMembers.optional(),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type UpdateTeamInput = z.input<typeof updateTeamSchema>;
export type UpdateTeamValues = z.output<typeof updateTeamSchema>;

export const supportTeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** By name. */
  members: z.array(personRefSchema.extend({ isManager: z.boolean() })),
  version: z.number().int(),
});
export type SupportTeam = z.infer<typeof supportTeamSchema>;

export const supportTeamListSchema = dataListSchema(supportTeamSchema);
export type SupportTeamList = z.infer<typeof supportTeamListSchema>;

/** Resolved tickets close themselves after this many days unless a workspace says otherwise. */
export const defaultAutoCloseAfterDays = 7;

/** An article unreviewed for this many months reminds its author unless a workspace says otherwise. */
export const defaultReviewAfterMonths = 6;

/**
 * PUT /api/v1/helpdesk/settings — `version` as read (412 when stale; the defaults are version 1
 * until first saved). `roundRobinTeamId` null turns round-robin off. The help centre's settings
 * (issue 22) left out keep their value.
 */
export const helpdeskSettingsInputSchema = z.object({
  autoCloseAfterDays: z
    .number('Enter a number of days')
    .int('Enter a whole number of days')
    .min(1, 'Enter between 1 and 365 days')
    .max(365, 'Enter between 1 and 365 days'),
  roundRobinTeamId: z.uuid('Choose a team from the list').nullable(),
  helpCentreEnabled: z.boolean('Choose on or off').optional(),
  customerSignUp: z.boolean('Choose on or off').optional(),
  reviewAfterMonths: z
    .number('Enter a number of months')
    .int('Enter a whole number of months')
    .min(1, 'Enter between 1 and 36 months')
    .max(36, 'Enter between 1 and 36 months')
    .optional(),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type HelpdeskSettingsInput = z.input<typeof helpdeskSettingsInputSchema>;
export type HelpdeskSettingsValues = z.output<typeof helpdeskSettingsInputSchema>;

export const helpdeskSettingsSchema = z.object({
  autoCloseAfterDays: z.number().int(),
  roundRobinTeamId: z.uuid().nullable(),
  /** The public help centre (/help/<workspace slug>) answers; off, its pages are 404. */
  helpCentreEnabled: z.boolean(),
  /** Visitors of the help centre may sign up as customers. */
  customerSignUp: z.boolean(),
  /** A published article unreviewed for this many months reminds its author. */
  reviewAfterMonths: z.number().int(),
  version: z.number().int(),
});
export type HelpdeskSettings = z.infer<typeof helpdeskSettingsSchema>;
