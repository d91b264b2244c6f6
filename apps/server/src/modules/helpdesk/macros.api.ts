import {
  applyMacroResultSchema,
  applyMacroSchema,
  createMacroSchema,
  macroListSchema,
  macroSchema,
  updateMacroSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

const placeholders =
  'The reply is a Liquid template with `{{ customer.name }}`, `{{ customer.email }}`, `{{ ticket.number }}`, `{{ ticket.subject }}` and `{{ agent.name }}`; an unknown placeholder or filter is refused (422, `fields.body`).';

export const macrosApi: ApiSection = {
  tag: 'Help desk macros',
  description:
    'Saved replies with placeholders and actions (status, priority, assignee, tags), applied in one click.',
  operations: [
    {
      method: 'get',
      path: '/helpdesk/macros',
      summary: 'Every macro of the workspace, by name',
      access: 'helpdesk:view',
      responses: { 200: macroListSchema },
    },
    {
      method: 'post',
      path: '/helpdesk/macros',
      summary: 'Save a macro',
      description: `The name is unique in the workspace (409). ${placeholders} An assignee action is \`me\`, an employee id (422 when not one of the workspace) or null for unassigned.`,
      access: 'helpdesk:manage',
      body: createMacroSchema,
      responses: { 201: macroSchema },
      errors: [409, 422],
    },
    {
      method: 'patch',
      path: '/helpdesk/macros/:id',
      summary: 'Change a macro’s name, reply or actions',
      description: `Only the fields sent change; a stale \`version\` gets 412. ${placeholders}`,
      access: 'helpdesk:manage',
      body: updateMacroSchema,
      responses: { 200: macroSchema },
      errors: [409, 412, 422],
    },
    {
      method: 'delete',
      path: '/helpdesk/macros/:id',
      summary: 'Delete a macro',
      access: 'helpdesk:manage',
      responses: { 204: noContent },
    },
    {
      method: 'post',
      path: '/helpdesk/tickets/:id/apply-macro',
      summary: 'Apply a macro to a ticket: save its actions, answer its reply filled in',
      description:
        'The actions are a ticket edit under the usual rules: `version` is the ticket’s (412 when stale), and giving the ticket to someone else needs `helpdesk:manage` (403). The reply is not sent: the agent reviews it and sends it as a message.',
      access: 'helpdesk:view',
      body: applyMacroSchema,
      responses: { 200: applyMacroResultSchema },
      errors: [412, 422],
    },
  ],
};
