import {
  reportRangeLabels,
  reportRanges,
  reportTypes,
  type ProjectReport,
  type ReportRange,
} from '@atrium/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CalendarRange, Download, FolderSearch, Users } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { copyParams, isUuid, oneOf, searchParamsWith, useAddressState } from '../../../lib/search-params';
import { useMe } from '../../accounts';
import {
  projectNameQueryOptions,
  reportExportUrl,
  reportQueryOptions,
  type ReportFilters,
} from '../api/reports.queries';
import { BudgetTable } from '../components/budget-table';
import { KeyInsights } from '../components/key-insights';
import { ProjectAnalysisTable } from '../components/project-analysis-table';
import { ProjectFilter, type PickedProject } from '../components/project-filter';
import { ReportOverview } from '../components/report-overview';
import { type PagedSection } from '../components/report-tables';
import { SummaryCards } from '../components/summary-cards';
import { TeamPerformanceTable } from '../components/team-performance-table';
import { formatDay, formatPeriod } from '../lib/format';
import { reportTabs, reportTypeOfTab, tabFromAddress, type ReportTabId } from '../lib/report-tabs';

// The chart library loads only when the Trends tab opens.
const TrendCharts = lazy(() =>
  import('../components/trend-charts').then((module) => ({ default: module.TrendCharts })),
);

const defaultRange: ReportRange = 'month';
const defaultTab: ReportTabId = 'overview';
const tabIds = reportTabs.map((tab) => tab.id);

/** The report answers these filters (the response echoes them; all projects come back as null). */
const answers = (report: ProjectReport, filters: Pick<ReportFilters, 'projectId' | 'range'>) =>
  (report.filters.projectId ?? 'all') === filters.projectId && report.filters.range === filters.range;

/** /projects/reports (spec 2 "Reports", spec 9 "Reports"). */
export function ReportsPage() {
  const me = useMe();
  const [searchParams, show] = useAddressState(copyParams, copyParams);
  const update = (changes: Record<string, string | undefined>) =>
    show((current) => searchParamsWith(current, changes));

  // Filters and tab live in the address, so a reload or a shared link shows the same report.
  const range = oneOf(reportRanges, searchParams.get('range')) ?? defaultRange;
  const tab = tabFromAddress(
    oneOf(tabIds, searchParams.get('tab')),
    oneOf(reportTypes, searchParams.get('type')),
  );
  const type = reportTypeOfTab(tab);
  const requestedProject = searchParams.get('project');
  const projectId = isUuid(requestedProject) ? requestedProject : 'all';
  const filters: ReportFilters = { projectId, range, type };

  // The tab is the address's one word for the report; an older link's type gives way to it.
  const showTab = (next: ReportTabId) =>
    update({ tab: next === defaultTab ? undefined : next, type: undefined });

  // The filter shows a name: the one just picked, or the project's own after a reload.
  const [picked, setPicked] = useState<PickedProject | null>(null);
  const projectName = useQuery({
    ...projectNameQueryOptions(projectId),
    enabled: projectId !== 'all' && picked?.id !== projectId,
  });
  const selectedProject: PickedProject | null =
    projectId === 'all'
      ? null
      : picked?.id === projectId
        ? picked
        : { id: projectId, name: projectName.data ?? (projectName.isError ? 'Unknown project' : '') };

  // Every report type carries the same cards, so while another type loads the previous answer keeps
  // them on screen; each part below only shows figures that answer the current filters.
  const report = useInfiniteQuery({ ...reportQueryOptions(filters), placeholderData: keepPreviousData });
  const first = report.data?.pages[0];
  const summary = first && answers(first, filters) ? first.summary : null;
  const current = first && !report.isPlaceholderData && answers(first, filters) ? first : undefined;
  // A failed background refresh keeps the figures already shown; only a report never loaded fails.
  const failed = report.isError && !report.isFetchNextPageError && !current;

  const pagedSection = <Row,>(
    section: (page: ProjectReport) => { data: Row[]; total?: number | undefined } | null,
  ): PagedSection<Row> => {
    const pages = report.data?.pages ?? [];
    const rows = pages.flatMap((page) => section(page)?.data ?? []);
    return {
      rows,
      footer: {
        shown: rows.length,
        total: pages[0] ? section(pages[0])?.total : undefined,
        hasMore: report.hasNextPage,
        loadingMore: report.isFetchingNextPage,
        loadMoreFailed: report.isFetchNextPageError,
        onLoadMore: () => void report.fetchNextPage(),
      },
    };
  };

  const noTasks = (
    <EmptyState
      icon={CalendarRange}
      title="No tasks in the selected period"
      description={
        current
          ? `Nothing was open or completed between ${formatDay(current.period.from)} and ${formatDay(current.period.to)}. Try a longer time range or another project.`
          : undefined
      }
      action={
        range !== 'year' ? (
          <Button variant="secondary" onClick={() => update({ range: 'year' })}>
            Show the last 12 months
          </Button>
        ) : undefined
      }
    />
  );
  const noProjects = (
    <EmptyState
      icon={FolderSearch}
      title="No projects found"
      description="There are no projects to report on yet."
    />
  );

  const tabBody = (id: ReportTabId): ReactNode => {
    if (failed) {
      const missingProject = report.error instanceof ApiError && report.error.status === 404;
      return (
        <LoadError
          error={report.error}
          title="The report could not be loaded"
          onRetry={() => void report.refetch()}
        >
          {missingProject && projectId !== 'all' ? (
            <Button variant="ghost" size="sm" onClick={() => update({ project: undefined })}>
              Show all projects
            </Button>
          ) : null}
        </LoadError>
      );
    }
    if (!current?.summary) {
      return <ListSkeleton label="Loading the report…" rows={id === 'overview' ? 4 : 6} />;
    }
    const { summary: figures } = current;
    if (figures.projects === 0) return noProjects;
    switch (id) {
      case 'overview':
        return (
          <div className="space-y-6">
            <KeyInsights insights={current.insights ?? []} />
            {figures.tasks.total === 0 ? (
              noTasks
            ) : (
              <ReportOverview summary={figures} trends={current.trends} />
            )}
          </div>
        );
      case 'trends':
        if (figures.tasks.total === 0 || !current.trends) return noTasks;
        return (
          <Suspense fallback={<ListSkeleton label="Loading the charts…" rows={6} />}>
            <TrendCharts trends={current.trends} />
          </Suspense>
        );
      case 'analysis':
        return <ProjectAnalysisTable section={pagedSection((page) => page.projectAnalysis)} />;
      case 'team': {
        const team = current.teamPerformance;
        if (!team || team.data.length === 0) {
          return (
            <EmptyState
              icon={Users}
              title="No assigned tasks in the selected period"
              description="Team performance counts the tasks assigned to people. Try a longer time range or another project."
            />
          );
        }
        return <TeamPerformanceTable rows={team.data} total={team.total} />;
      }
      case 'budget':
        return <BudgetTable section={pagedSection((page) => page.budget)} />;
    }
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Project Reports — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Project Reports"
        description="Budgets, completion rates and team workload across projects."
        actions={
          // A plain link: the browser downloads the file with the session cookie (same origin).
          <a href={reportExportUrl(filters)} download className={buttonClasses({ variant: 'secondary' })}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        }
      />

      <div className="space-y-2">
        <div
          role="search"
          aria-label="Report filters"
          className="grid grid-cols-2 items-end gap-4 sm:flex sm:flex-wrap"
        >
          <Field label="Project" className="col-span-2 sm:w-72">
            {(control) => (
              <ProjectFilter
                {...control}
                value={selectedProject}
                onChange={(next) => {
                  setPicked(next);
                  update({ project: next?.id });
                }}
              />
            )}
          </Field>
          <Field label="Time range" className="sm:w-44">
            {(control) => (
              <Select
                {...control}
                value={range}
                onChange={(event) =>
                  update({ range: event.target.value === defaultRange ? undefined : event.target.value })
                }
              >
                {reportRanges.map((value) => (
                  <option key={value} value={value}>
                    {reportRangeLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {current
            ? `${formatPeriod(current.period.from, current.period.to)} · dates in ${current.period.timeZone}`
            : failed
              ? ''
              : 'Loading the report…'}
        </p>
      </div>

      {failed ? null : <SummaryCards summary={summary} />}

      <Tabs value={tab} onValueChange={(next) => showTab(oneOf(tabIds, next) ?? defaultTab)}>
        <TabsList aria-label="Report type">
          {reportTabs.map((entry) => (
            <TabsTrigger key={entry.id} value={entry.id}>
              {entry.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {reportTabs.map((entry) => (
          <TabsContent key={entry.id} value={entry.id}>
            {entry.id === tab ? tabBody(entry.id) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
