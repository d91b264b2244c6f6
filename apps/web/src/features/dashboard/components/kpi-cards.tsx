import {
  dashboardKpiIds,
  dashboardKpiLabels,
  type Action,
  type DashboardKpi,
  type DashboardKpiId,
  type Me,
} from '@atrium/shared';
import {
  ArrowDownRight,
  ArrowUpRight,
  FolderKanban,
  LifeBuoy,
  Minus,
  MousePointerClick,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { StatCard, StatGrid } from '../../../components/ui/stat-card';
import { hasPermission } from '../../accounts';

const cardLooks: Record<
  DashboardKpiId,
  { icon: LucideIcon; tone: 'brand' | 'success' | 'warning' | 'neutral'; action: Action }
> = {
  'total-employees': { icon: Users, tone: 'brand', action: 'people:view' },
  'active-projects': { icon: FolderKanban, tone: 'success', action: 'projects:view' },
  'open-tickets': { icon: LifeBuoy, tone: 'warning', action: 'helpdesk:view' },
  'campaign-ctr': { icon: MousePointerClick, tone: 'neutral', action: 'marketing:view' },
};

// Made on first use, not when the module loads: the first Intl object of a page starts the browser's
// locale data, a long pause on a slow phone that loadDashboard lets happen while the data loads.
let formats: { count: Intl.NumberFormat; percent: Intl.NumberFormat } | undefined;

function formatValue(kpi: DashboardKpi): string {
  if (kpi.value === null) return '—';
  formats ??= {
    count: new Intl.NumberFormat('en'),
    percent: new Intl.NumberFormat('en', { maximumFractionDigits: 1 }),
  };
  return kpi.unit === 'percent' ? `${formats.percent.format(kpi.value)}%` : formats.count.format(kpi.value);
}

/** The change versus last month in words and a sign, so it never rests on the colour alone. */
export function KpiChange({ changePercent }: { changePercent: number | null }) {
  if (changePercent === null) return <span className="text-slate-600">No history yet</span>;
  if (changePercent === 0) {
    return (
      <span className="inline-flex items-center gap-1 text-slate-600">
        <Minus aria-hidden="true" className="size-3.5" />
        No change vs last month
      </span>
    );
  }
  const up = changePercent > 0;
  const Arrow = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={`inline-flex items-center gap-1 font-medium ${up ? 'text-emerald-700' : 'text-red-700'}`}
    >
      <Arrow aria-hidden="true" className="size-3.5" />
      {up ? 'Up' : 'Down'} {Math.abs(changePercent)}% vs last month
    </span>
  );
}

/** Spec 2 "Dashboard": the four KPI cards, each only for members who may see its figure. */
export function KpiCards({ kpis, me }: { kpis: DashboardKpi[] | undefined; me: Me }) {
  if (!kpis) {
    // While loading, the cards this member will get, from the same permissions the server checks.
    const expected = dashboardKpiIds.filter((id) => hasPermission(me, cardLooks[id].action));
    return (
      <StatGrid>
        {expected.map((id) => (
          <StatCard
            key={id}
            label={dashboardKpiLabels[id]}
            value={null}
            loading
            // A stand-in of the usual length, hidden while loading: it wraps like the real line.
            hint={<KpiChange changePercent={0} />}
            icon={cardLooks[id].icon}
            tone={cardLooks[id].tone}
          />
        ))}
      </StatGrid>
    );
  }
  return (
    <StatGrid>
      {kpis.map((kpi) => (
        <StatCard
          key={kpi.id}
          label={kpi.label}
          value={formatValue(kpi)}
          hint={<KpiChange changePercent={kpi.changePercent} />}
          icon={cardLooks[kpi.id].icon}
          tone={cardLooks[kpi.id].tone}
        />
      ))}
    </StatGrid>
  );
}
