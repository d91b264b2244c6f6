import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { SearchField } from '../../../components/ui/search-field';
import { formatDate } from '../../../lib/dates';
import { customersQueryOptions } from '../api/customer-accounts-api';
import { CustomerInviteDialog } from './customer-invite-dialog';

/**
 * The workspace's customers (issue 22): their portal accounts and the invitations not yet accepted,
 * searchable, and a new invitation. Opened from the ticket queue, where agents work.
 */
export function CustomerListDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [inviting, setInviting] = useState(false);
  const customers = useQuery({ ...customersQueryOptions(q), enabled: open });

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title="Customers"
      description="Customer accounts of the portal, and invitations not yet accepted."
    >
      <div className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <SearchField
              label="Search customers"
              placeholder="Name or email"
              value={q}
              onSearch={setQ}
              searching={customers.isFetching}
            />
          </div>
          <Button variant="secondary" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            Invite customer
          </Button>
        </div>
        {customers.isPending ? (
          <ListSkeleton label="Loading customers" rows={3} />
        ) : customers.isError ? (
          <LoadError
            error={customers.error}
            title="The customers could not be loaded"
            onRetry={() => void customers.refetch()}
          />
        ) : customers.data.data.length === 0 ? (
          <EmptyState
            icon={Users}
            title={q ? 'No customer matches' : 'No customer accounts yet'}
            description={
              q ? 'Try another name or email.' : 'Invite a customer to let them follow their tickets.'
            }
          />
        ) : (
          <>
            <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200" aria-label="Customers">
              {customers.data.data.map((customer) => (
                <li key={customer.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                      {customer.name ?? customer.email}
                    </p>
                    {customer.name ? (
                      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{customer.email}</p>
                    ) : null}
                  </div>
                  <p className="flex items-center gap-2 text-xs text-slate-600">
                    {customer.status === 'invited' ? (
                      <>
                        <Badge tone="warning">Invited</Badge> until {formatDate(customer.date)}
                      </>
                    ) : customer.status === 'deactivated' ? (
                      <Badge tone="danger">Deactivated</Badge>
                    ) : (
                      <>
                        <Badge tone="success">Active</Badge> since {formatDate(customer.date)}
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
            {customers.data.more ? (
              <p className="text-sm text-slate-600">Showing the first 200: search to find others.</p>
            ) : null}
          </>
        )}
      </div>
      <CustomerInviteDialog open={inviting} onClose={() => setInviting(false)} />
    </Modal>
  );
}
