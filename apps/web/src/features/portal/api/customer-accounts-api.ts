import type {
  CustomerList,
  CustomerSignUpInput,
  CustomerSignUpResult,
  Invitation,
  InviteCustomerInput,
} from '@atrium/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Customer accounts (issue 22): the agents' customer list (also where the portal preview picks its
// customer) and invitations, and self sign-up on the help centre.

export const customersQueryKey = ['helpdesk', 'customers'] as const;

export const customersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...customersQueryKey, q],
    queryFn: ({ signal }) =>
      apiRequest<CustomerList>(`/api/v1/helpdesk/customers?q=${encodeURIComponent(q)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const inviteCustomer = (input: InviteCustomerInput) =>
  apiRequest<Invitation>('/api/v1/helpdesk/customers/invitations', { method: 'POST', json: input });

export const signUpAsCustomer = (input: CustomerSignUpInput) =>
  apiRequest<CustomerSignUpResult>('/api/v1/public/sign-up', { method: 'POST', json: input });
