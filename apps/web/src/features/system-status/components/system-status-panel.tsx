import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Database, RefreshCw, Server, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { healthQueryOptions, type Health } from '../api/health.queries';

const databaseKinds: Record<Health['database']['kind'], { name: string; detail: string }> = {
  pglite: { name: 'PGlite', detail: 'Embedded, stored on disk' },
  postgres: { name: 'PostgreSQL', detail: 'External server' },
};

function formatUptime(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${totalSeconds} s`;
}

function StatusCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="mt-3 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function HealthDetails({ health }: { health: Health }) {
  const databaseUp = health.database.status === 'up';
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatusCard icon={<Server aria-hidden="true" className="size-4" />} label="Server">
        <Badge tone={health.status === 'ok' ? 'success' : 'warning'}>
          {health.status === 'ok' ? 'Operational' : 'Degraded'}
        </Badge>
      </StatusCard>
      <StatusCard icon={<Database aria-hidden="true" className="size-4" />} label="Database status">
        <Badge tone={databaseUp ? 'success' : 'danger'} data-testid="database-status">
          <span
            aria-hidden="true"
            className={databaseUp ? 'size-2 rounded-full bg-emerald-600' : 'size-2 rounded-full bg-red-600'}
          />
          {health.database.status}
        </Badge>
      </StatusCard>
      <StatusCard icon={<Database aria-hidden="true" className="size-4" />} label="Database kind">
        <span data-testid="database-kind">{databaseKinds[health.database.kind].name}</span>
        <span className="mt-1 block text-sm font-normal text-slate-600">
          {databaseKinds[health.database.kind].detail}
        </span>
      </StatusCard>
      <StatusCard icon={<Timer aria-hidden="true" className="size-4" />} label="Uptime">
        {formatUptime(health.uptimeSeconds)}
        <span className="mt-1 block text-sm font-normal text-slate-600">Version {health.version}</span>
      </StatusCard>
    </dl>
  );
}

/** The server's and database's health (GET /api/health), refreshed every 30 seconds. */
export function SystemStatusPanel() {
  const health = useQuery(healthQueryOptions());

  return (
    <section aria-labelledby="health-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="health-title" className="text-lg font-semibold text-slate-900">
            System status
          </h2>
          <p className="mt-1 text-sm text-slate-600">Health of the Atrium server and its database.</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          <RefreshCw
            aria-hidden="true"
            className={health.isFetching ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'}
          />
          Refresh
        </Button>
      </div>

      <div className="mt-4">
        {health.isPending ? (
          <div role="status" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <span className="sr-only">Checking the server…</span>
            {[0, 1, 2, 3].map((index) => (
              <div
                key={index}
                aria-hidden="true"
                className="h-28 animate-pulse rounded-xl bg-slate-200/70 motion-reduce:animate-none"
              />
            ))}
          </div>
        ) : health.isError ? (
          <div role="alert" className="flex gap-3 rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div>
              <p className="font-semibold">The server health could not be loaded.</p>
              <p className="mt-1 text-sm">{health.error.message}</p>
            </div>
          </div>
        ) : (
          <HealthDetails health={health.data} />
        )}
      </div>
    </section>
  );
}
