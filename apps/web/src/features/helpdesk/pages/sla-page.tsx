import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/ui/page-header';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { slaCalendarsQueryOptions, slaPoliciesQueryOptions } from '../api/sla.queries';
import { SlaCalendars } from '../components/sla-calendars';
import { SlaComplianceSection } from '../components/sla-compliance';
import { SlaPoliciesTable } from '../components/sla-policies-table';

/**
 * /helpdesk/sla (issue 21 "SLA management"): the tiers' policies and the business calendars
 * (managers edit them, agents read them), and compliance for a period with the tickets at risk.
 */
export function SlaPage() {
  const me = useMe();
  const mayManage = hasPermission(me, 'helpdesk:manage');
  const timeZone = useWorkspaceTimeZone() ?? 'UTC';
  const policies = useQuery(slaPoliciesQueryOptions());
  const calendars = useQuery(slaCalendarsQueryOptions());

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="SLA Management"
        description="Response and resolution targets for each service tier, counted in business hours."
      />

      <section aria-labelledby="sla-policies-heading" className="space-y-3">
        <h2 id="sla-policies-heading" className="text-lg font-semibold text-slate-900">
          Policies
        </h2>
        {policies.isPending || calendars.isPending ? (
          <ListSkeleton label="Loading policies…" rows={4} />
        ) : policies.isError || calendars.isError ? (
          <LoadError
            error={(policies.error ?? calendars.error)!}
            title="The policies could not be loaded"
            onRetry={() => {
              void policies.refetch();
              void calendars.refetch();
            }}
          />
        ) : (
          <SlaPoliciesTable
            policies={policies.data.data}
            calendars={calendars.data.data}
            mayManage={mayManage}
          />
        )}
      </section>

      <section aria-labelledby="sla-calendars-heading" className="space-y-3">
        <h2 id="sla-calendars-heading" className="text-lg font-semibold text-slate-900">
          Business calendars
        </h2>
        {calendars.isPending ? (
          <ListSkeleton label="Loading calendars…" rows={2} />
        ) : calendars.isError ? (
          <LoadError
            error={calendars.error}
            title="The calendars could not be loaded"
            onRetry={() => void calendars.refetch()}
          />
        ) : (
          <SlaCalendars calendars={calendars.data.data} mayManage={mayManage} timeZone={timeZone} />
        )}
      </section>

      <section aria-labelledby="sla-compliance-heading" className="space-y-3">
        <h2 id="sla-compliance-heading" className="text-lg font-semibold text-slate-900">
          Compliance
        </h2>
        <SlaComplianceSection timeZone={timeZone} />
      </section>
    </div>
  );
}
