import {
  dataListSchema,
  invitationSchema,
  inviteMemberSchema,
  memberSchema,
  updateMemberSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';

export const membersApi: ApiSection = {
  tag: 'Members',
  description: "The workspace's members and invitations.",
  operations: [
    {
      method: 'get',
      path: '/members',
      summary: 'Members of the workspace',
      access: 'members:view',
      responses: { 200: dataListSchema(memberSchema) },
    },
    {
      method: 'get',
      path: '/members/invitations',
      summary: 'Open invitations',
      access: 'members:manage',
      responses: { 200: dataListSchema(invitationSchema) },
    },
    {
      method: 'post',
      path: '/members/invitations',
      summary: 'Invite someone by email',
      access: 'members:manage',
      body: inviteMemberSchema,
      responses: { 201: invitationSchema },
      errors: [409],
    },
    {
      method: 'delete',
      path: '/members/invitations/:id',
      summary: 'Cancel an invitation',
      access: 'members:manage',
      responses: { 204: noContent },
    },
    {
      method: 'patch',
      path: '/members/:id',
      summary: "Change a member's role, or deactivate them",
      access: 'members:manage',
      body: updateMemberSchema,
      responses: { 200: memberSchema },
      errors: [412, 422],
    },
  ],
};
