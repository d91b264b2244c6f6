import {
  invitationPreviewSchema,
  loginSchema,
  meSchema,
  signupConfirmationSchema,
  switchWorkspaceSchema,
} from '@atrium/shared';
import { noContent, type ApiSection } from '../../platform/openapi/api-operation';
import { acceptInput, changePasswordInput, signupInput } from './accounts.routes';

export const accountsApi: ApiSection = {
  tag: 'Accounts',
  description: 'Sign-up, sign-in, sign-out, invitation links and the signed-in person.',
  operations: [
    {
      method: 'post',
      path: '/auth/signup',
      summary: 'Sign up with a new workspace',
      description:
        'Signs the new person in (201), or, where addresses are confirmed, sends the confirmation link (202).',
      access: 'public',
      body: signupInput,
      responses: { 201: meSchema, 202: signupConfirmationSchema },
      errors: [409, 429],
    },
    {
      method: 'post',
      path: '/auth/login',
      summary: 'Sign in',
      description: 'Sets the session cookie.',
      access: 'public',
      body: loginSchema,
      responses: { 200: meSchema },
      errors: [401, 429],
    },
    {
      method: 'get',
      path: '/session',
      summary: 'Who is signed in, or null',
      access: 'public',
      responses: { 200: meSchema.nullable() },
    },
    {
      method: 'post',
      path: '/auth/logout',
      summary: 'Sign out',
      access: 'public',
      responses: { 204: noContent },
    },
    {
      method: 'get',
      path: '/invitations/:id',
      summary: 'What an invitation link offers',
      access: 'public',
      responses: { 200: invitationPreviewSchema },
    },
    {
      method: 'post',
      path: '/invitations/:id/accept',
      summary: 'Accept an invitation',
      description: 'Signed in as the invited address it takes nothing; otherwise a name and a password.',
      access: 'public',
      body: acceptInput,
      responses: { 200: meSchema },
      errors: [401, 409, 422],
    },
    {
      method: 'get',
      path: '/me',
      summary: 'The signed-in person, their workspaces and permissions',
      access: 'member',
      responses: { 200: meSchema },
    },
    {
      method: 'post',
      path: '/me/workspace',
      summary: 'Switch to another of their workspaces',
      access: 'member',
      body: switchWorkspaceSchema,
      responses: { 200: meSchema },
      errors: [404],
    },
    {
      method: 'post',
      path: '/me/password',
      summary: 'Change the password',
      description: 'Other sessions end.',
      access: 'member',
      body: changePasswordInput,
      responses: { 204: noContent },
      errors: [429],
    },
  ],
};
