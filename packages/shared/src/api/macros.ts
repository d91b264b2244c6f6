import { z } from 'zod';
import { ticketPriorities, ticketStatuses } from '../domain/enums';
import { recordVersion, text } from './fields';
import { dataListSchema } from './list';
import { tagListSchema } from './projects';
import { ticketDetailsSchema } from './tickets';

// Help desk macros (issue 21): saved replies with placeholders and actions, applied in one click.
// Routes under /api/v1/helpdesk/macros and /api/v1/helpdesk/tickets/:id/apply-macro.

/** The placeholders a macro's reply may use, with what each stands for (the editor lists them). */
export const macroPlaceholders = [
  { tag: '{{ customer.name }}', meaning: "The customer's name" },
  { tag: '{{ customer.email }}', meaning: "The customer's email address" },
  { tag: '{{ ticket.number }}', meaning: 'The ticket number, without #' },
  { tag: '{{ ticket.subject }}', meaning: "The ticket's subject" },
  { tag: '{{ agent.name }}', meaning: 'The name of the agent applying the macro' },
] as const;

/**
 * What applying a macro changes on the ticket; a field left out is kept. `assignee` is 'me' (the
 * agent applying it), an employee id, or null to leave the ticket unassigned; `addTags` are added to
 * the ticket's own.
 */
const actionFields = {
  status: z.enum(ticketStatuses, 'Choose Open, In Progress, Pending, Resolved or Closed').optional(),
  priority: z.enum(ticketPriorities, 'Choose low, medium, high or urgent').optional(),
  assignee: z
    .union([z.literal('me'), z.uuid()], { error: 'Choose me, an agent from the list, or unassigned' })
    .nullable()
    .optional(),
};

export const macroActionsSchema = z.object({ ...actionFields, addTags: tagListSchema.optional() });
export type MacroActions = z.output<typeof macroActionsSchema>;

const macroFields = {
  name: text({ error: 'Enter the macro name' })
    .trim()
    .min(1, 'Enter the macro name')
    .max(100, 'Use at most 100 characters'),
  body: text({ error: 'The reply is text' }).trim().max(20_000, 'Use at most 20000 characters'),
  actions: macroActionsSchema,
};

/** POST /api/v1/helpdesk/macros — the name is unique in the workspace (409 otherwise). */
export const createMacroSchema = z
  .object({
    name: macroFields.name,
    body: macroFields.body.default(''),
    actions: macroFields.actions.default({}),
  })
  .refine((macro) => macro.body !== '' || Object.values(macro.actions).some((value) => value !== undefined), {
    message: 'Write a reply or choose an action',
    path: ['body'],
  });
export type CreateMacroInput = z.input<typeof createMacroSchema>;
export type CreateMacroValues = z.output<typeof createMacroSchema>;

/** PATCH /api/v1/helpdesk/macros/:id — only the fields sent change; 412 when `version` is stale. */
export const updateMacroSchema = z.object({
  name: macroFields.name.optional(),
  body: macroFields.body.optional(),
  actions: macroFields.actions.optional(),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type UpdateMacroInput = z.input<typeof updateMacroSchema>;
export type UpdateMacroValues = z.output<typeof updateMacroSchema>;

export const macroSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  body: z.string(),
  actions: z.object({ ...actionFields, addTags: z.array(z.string()).optional() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Macro = z.infer<typeof macroSchema>;

/** GET /api/v1/helpdesk/macros — every macro of the workspace, by name. */
export const macroListSchema = dataListSchema(macroSchema);
export type MacroList = z.infer<typeof macroListSchema>;

/**
 * POST /api/v1/helpdesk/tickets/:id/apply-macro — `version` is the ticket's, as the agent read it
 * (412 when stale). The actions are saved at once; the reply is answered for the agent to review and
 * send, never sent by itself.
 */
export const applyMacroSchema = z.object({
  macroId: z.uuid('Choose a macro'),
  version: recordVersion({ error: 'The version you read is required' }),
});
export type ApplyMacroInput = z.input<typeof applyMacroSchema>;

export const applyMacroResultSchema = z.object({
  /** The macro's reply with the placeholders filled in. */
  body: z.string(),
  ticket: ticketDetailsSchema,
});
export type ApplyMacroResult = z.infer<typeof applyMacroResultSchema>;
