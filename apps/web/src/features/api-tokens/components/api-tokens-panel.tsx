import type { ApiToken } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { apiTokensQueryOptions, revokeApiToken } from '../api/api-tokens.queries';
import { CreateApiTokenDialog } from './create-api-token-dialog';
import { scopesSummary } from './scope-labels';

const isExpired = (token: ApiToken) => token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();

/**
 * Settings > API tokens (issue 19): the member's own tokens (an Admin's list has everyone's, with
 * their owner), each revocable after a confirmation; New token makes one and shows it once.
 */
export function ApiTokensPanel() {
  const me = useMe();
  const timeZone = useWorkspaceTimeZone();
  const queryClient = useQueryClient();
  const tokens = useQuery(apiTokensQueryOptions());
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  const seesEveryone = hasPermission(me, 'members:manage');

  const revoke = useMutation({
    mutationFn: (token: ApiToken) => revokeApiToken(token.id),
    onSuccess: (_, token) => {
      void queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey });
      toast.success(`“${token.name}” is revoked`, {
        description: 'Requests with it are refused from now on.',
      });
    },
    onError: (error) => toast.error('The token could not be revoked', { description: error.message }),
    onSettled: () => setConfirming(null),
  });

  return (
    <section
      aria-labelledby="api-tokens-title"
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-6">
        <div className="max-w-2xl">
          <h2 id="api-tokens-title" className="text-lg font-semibold text-slate-900">
            API tokens
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Scripts and integrations call the Atrium API with a token, as you and within the permissions you
            give it.
            {seesEveryone ? ' As an Admin you see, and can revoke, every token of this workspace.' : ''}
          </p>
        </div>
        <CreateApiTokenDialog />
      </div>
      {tokens.isPending ? (
        <div
          role="status"
          className="flex items-center gap-2 border-t border-slate-200 p-6 text-sm text-slate-600"
        >
          <Spinner /> Loading the tokens…
        </div>
      ) : tokens.isError ? (
        <div className="border-t border-slate-200 p-6">
          <ServerErrorAlert error={tokens.error} title="The tokens could not be loaded" />
        </div>
      ) : tokens.data.length === 0 ? (
        <div className="border-t border-slate-200 px-6 py-12 text-center">
          <KeyRound aria-hidden="true" className="mx-auto size-10 text-slate-400" />
          <p className="mt-3 font-medium text-slate-900">No API tokens yet</p>
          <p className="mt-1 text-sm text-slate-600">Make one with New token; it is shown to you once.</p>
        </div>
      ) : (
        <ul aria-label="API tokens" className="divide-y divide-slate-100 border-t border-slate-200">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-4 sm:px-6">
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-all text-slate-900">{token.name}</span>
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                    {token.prefix}…
                  </code>
                  {isExpired(token) ? <Badge tone="danger">Expired</Badge> : null}
                </p>
                <p className="text-sm text-slate-700">{scopesSummary(token.scopes)}</p>
                <p className="text-xs text-slate-600">
                  {token.owner.userId !== me.user.id ? <>{token.owner.name} · </> : null}
                  Created {formatDate(token.createdAt, timeZone)} · Last used{' '}
                  {token.lastUsedAt ? formatDateTime(token.lastUsedAt, timeZone) : 'never'} ·{' '}
                  {token.expiresAt
                    ? `${isExpired(token) ? 'Expired' : 'Expires'} ${formatDate(token.expiresAt, timeZone)}`
                    : 'No expiry'}
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(token)}>
                Revoke
                <span className="sr-only"> {token.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Revoke “${confirming?.name}”?`}
        description="Every script or integration using it is refused from now on. This cannot be undone; you can make a new token."
        confirmLabel="Revoke token"
        destructive
        pending={revoke.isPending}
        onConfirm={() => {
          if (confirming) revoke.mutate(confirming);
        }}
      />
    </section>
  );
}
