import { useQuery } from '@tanstack/react-query';
import { UserRound, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { SearchField } from '../../../components/ui/search-field';
import { customersQueryOptions } from '../api/customer-accounts-api';

/** The agents' preview starts here: which customer's portal to look at. */
export function CustomerPicker() {
  const [settled, setSettled] = useState('');
  const customers = useQuery(customersQueryOptions(settled));
  // Only an active account has a portal to preview: invitations and deactivated accounts are left out.
  const previewable = (customers.data?.data ?? []).flatMap(({ status, userId, name, email }) =>
    status === 'active' && userId ? [{ userId, name: name ?? email, email }] : [],
  );

  return (
    <section aria-labelledby="preview-heading" className="space-y-4">
      <div>
        <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
          Preview the portal as a customer
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          See exactly what a customer sees: their tickets and the public conversation. Nothing can be changed
          in the preview.
        </p>
      </div>
      <SearchField
        label="Find a customer"
        placeholder="Name or email"
        value={settled}
        onSearch={setSettled}
        searching={customers.isFetching}
      />
      {customers.isPending ? (
        <ListSkeleton label="Loading customers…" rows={3} />
      ) : customers.isError ? (
        <LoadError
          error={customers.error}
          title="The customers could not be loaded"
          onRetry={() => void customers.refetch()}
        />
      ) : previewable.length === 0 ? (
        <EmptyState
          icon={Users}
          title={settled ? 'No customer matches' : 'No customer accounts yet'}
          description={
            settled
              ? 'Try another name or email address.'
              : 'Customers get an account when they are invited or sign up on the help centre.'
          }
        />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {previewable.map((customer) => (
              <li key={customer.userId}>
                <Link
                  to={`/helpdesk/portal?${new URLSearchParams({ as: customer.userId, name: customer.name }).toString()}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                >
                  <UserRound aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{customer.name}</span>
                    <span className="block truncate text-sm text-slate-600">{customer.email}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {customers.data.more ? (
            <p className="text-sm text-slate-600">Showing the first 200: search to find others.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
