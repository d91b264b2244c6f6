import {
  createTeamSchema,
  helpdeskSettingsInputSchema,
  helpdeskSettingsSchema,
  supportTeamListSchema,
  supportTeamSchema,
  updateTeamSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

const members =
  'Members are employees who work tickets (a live employee whose role holds `helpdesk:view`), 422 per member otherwise.';

export const teamsApi: ApiSection = {
  tag: 'Help desk teams and settings',
  description:
    'Agents grouped into teams, round-robin assignment of new tickets within one team, and auto-close.',
  operations: [
    {
      method: 'get',
      path: '/helpdesk/teams',
      summary: 'Every support team with its members, by name',
      access: 'helpdesk:view',
      responses: { 200: supportTeamListSchema },
    },
    {
      method: 'post',
      path: '/helpdesk/teams',
      summary: 'Create a support team',
      description: `The name is unique in the workspace (409). ${members}`,
      access: 'helpdesk:manage',
      body: createTeamSchema,
      responses: { 201: supportTeamSchema },
      errors: [409, 422],
    },
    {
      method: 'patch',
      path: '/helpdesk/teams/:id',
      summary: 'Rename a team or replace its members',
      description: `A stale \`version\` gets 412. ${members}`,
      access: 'helpdesk:manage',
      body: updateTeamSchema,
      responses: { 200: supportTeamSchema },
      errors: [409, 412, 422],
    },
    {
      method: 'delete',
      path: '/helpdesk/teams/:id',
      summary: 'Delete a team',
      description: 'Round-robin over the team is turned off with it; its tickets keep their assignees.',
      access: 'helpdesk:manage',
      responses: { 204: noContent },
    },
    {
      method: 'get',
      path: '/helpdesk/settings',
      summary: 'The help desk settings: auto-close, round-robin and the public help centre',
      description:
        'Until first saved, the defaults (7 days, no round-robin, the help centre on, no customer sign-up, review after 6 months) at version 1.',
      access: 'helpdesk:view',
      responses: { 200: helpdeskSettingsSchema },
    },
    {
      method: 'put',
      path: '/helpdesk/settings',
      summary: 'Save the help desk settings',
      description:
        'Resolved tickets close after `autoCloseAfterDays` (1-365). With `roundRobinTeamId` set (a team of the workspace, 422 otherwise), a new ticket left unassigned goes to the team’s next member in turn. `helpCentreEnabled` opens or closes the public help centre (/help/<workspace slug>), `customerSignUp` lets its visitors sign up as customers, and authors are reminded to review an article after `reviewAfterMonths` (1-36); each left out keeps its value. A stale `version` gets 412.',
      access: 'helpdesk:manage',
      body: helpdeskSettingsInputSchema,
      responses: { 200: helpdeskSettingsSchema },
      errors: [412, 422],
    },
  ],
};
