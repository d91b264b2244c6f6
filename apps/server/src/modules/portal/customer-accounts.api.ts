import {
  customerListQuerySchema,
  customerListSchema,
  customerSignUpResultSchema,
  customerSignUpSchema,
  invitationSchema,
  inviteCustomerSchema,
} from '@atrium/shared';
import type { ApiSection } from '../../platform/openapi/api-operation';

export const customerAccountsApi: ApiSection = {
  tag: 'Customer accounts',
  description:
    "Customers are members with the Customer role, who use the portal: agents invite them, or they sign up on the workspace's help centre when it allows it.",
  operations: [
    {
      method: 'get',
      path: '/helpdesk/customers',
      summary: 'Customer accounts and open customer invitations',
      description:
        '`q` finds each word in the name or the email. At most 200 rows; `more` says a search would narrow them. The agents’ portal preview picks its customer from the active accounts (`userId`).',
      access: 'helpdesk:view',
      query: customerListQuerySchema,
      responses: { 200: customerListSchema },
    },
    {
      method: 'post',
      path: '/helpdesk/customers/invitations',
      summary: 'Invite a customer to the portal by email',
      description:
        "The members' invitation with the Customer role, mailed with a link. Accepting it makes the customer's earlier tickets (by email) theirs in the portal.",
      access: 'helpdesk:view',
      body: inviteCustomerSchema,
      responses: { 201: invitationSchema },
      errors: [409],
    },
    {
      method: 'post',
      path: '/public/sign-up',
      summary: "Sign up as a customer on a workspace's help centre",
      description:
        'Only where the workspace takes sign-ups (404 otherwise). The answer is the same whether or not the email has an account; the account starts from the confirmation link mailed to it, and opening a ticket needs the confirmed address.',
      access: 'public',
      body: customerSignUpSchema,
      responses: { 202: customerSignUpResultSchema },
      errors: [404, 429],
    },
  ],
};
