import type { ProjectSummary } from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FolderKanban, FolderPlus, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadMore, PagedListError, PagedListHeading, type ListNoun } from '../../../components/ui/paged-list';
import { cn } from '../../../lib/cn';
import { hasPermission, useMe } from '../../accounts';
import { projectListQueryOptions } from '../api/projects.queries';
import { DeleteProjectDialog } from '../components/delete-project-dialog';
import { ProjectCard, type ProjectActionHandlers } from '../components/project-card';
import { ProjectDetailsDialog } from '../components/project-details-dialog';
import { ProjectFormDialog } from '../components/project-form-dialog';
import { ProjectStats } from '../components/project-stats';
import { ProjectsSkeleton } from '../components/projects-skeleton';
import { ProjectsToolbar } from '../components/projects-toolbar';
import { useProjectsAddress } from '../hooks/use-projects-address';
import { defaultFilters, hasActiveFilters } from '../lib/project-filters';

const projectNoun: ListNoun = { one: 'project', many: 'projects' };

/**
 * /projects/active and /projects (spec 2, "Projects"): the five cards, the filters, and one card per
 * project with its status select and actions. Filters, search and paging run on the server; the
 * filters and the open dialog live in the address (the Dashboard's New Project links to ?new=1).
 */
export function ProjectsPage() {
  const me = useMe();
  const canManage = hasPermission(me, 'projects:manage');
  const { filters, dialog, changeFilters, openDialog } = useProjectsAddress();

  const list = useInfiniteQuery(projectListQueryOptions(filters));
  const projects = list.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = hasActiveFilters(filters);

  const [deleting, setDeleting] = useState<ProjectSummary | null>(null);
  const handlers: ProjectActionHandlers = {
    onView: (project) => openDialog({ kind: 'details', id: project.id }),
    onEdit: (project) => openDialog({ kind: 'edit', id: project.id }),
    onDelete: setDeleting,
  };
  const closeDialog = () => openDialog(null);
  const newProject = () => openDialog({ kind: 'new' });

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Projects — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Projects"
        description="Every project with its status, progress, budget and team."
        actions={
          canManage ? (
            <Button onClick={newProject}>
              <FolderPlus aria-hidden="true" className="size-4" />
              New Project
            </Button>
          ) : null
        }
      />

      <ProjectStats filters={filters} />

      <ProjectsToolbar
        filters={filters}
        onChange={changeFilters}
        searching={list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData}
      />

      <section aria-labelledby="project-results" aria-busy={list.isFetching} className="space-y-4">
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          <PagedListHeading id="project-results" list={list} noun={projectNoun} />
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={() => changeFilters(defaultFilters)}>
              Clear filters
            </Button>
          ) : null}
        </div>

        {list.isPending ? (
          <ProjectsSkeleton />
        ) : list.isError && projects.length === 0 ? (
          <PagedListError list={list} noun={projectNoun} />
        ) : projects.length === 0 ? (
          <EmptyState
            icon={filtered ? SearchX : FolderKanban}
            title="No projects found"
            description={
              filtered
                ? 'No project matches this search and these filters. Try other words or clear the filters.'
                : canManage
                  ? 'Create the first project to plan work, track progress and share it with a team.'
                  : 'Projects you are on show up here.'
            }
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => changeFilters(defaultFilters)}>
                  Clear filters
                </Button>
              ) : canManage ? (
                <Button onClick={newProject}>
                  <FolderPlus aria-hidden="true" className="size-4" />
                  Create First Project
                </Button>
              ) : null
            }
          />
        ) : (
          <ul
            aria-label="Projects"
            className={cn(
              'grid gap-4 transition-opacity md:grid-cols-2 2xl:grid-cols-3',
              list.isPlaceholderData && 'opacity-60',
            )}
          >
            {projects.map((project) => (
              <ProjectCard key={project.id} project={project} canManage={canManage} handlers={handlers} />
            ))}
          </ul>
        )}

        <LoadMore list={list} noun={projectNoun} />
      </section>

      {canManage && dialog?.kind === 'new' ? <ProjectFormDialog onClose={closeDialog} /> : null}
      {canManage && dialog?.kind === 'edit' ? (
        <ProjectFormDialog key={dialog.id} projectId={dialog.id} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'details' ? (
        <ProjectDetailsDialog
          key={dialog.id}
          projectId={dialog.id}
          knownName={projects.find((project) => project.id === dialog.id)?.name}
          canManage={canManage}
          onEdit={(project) => openDialog({ kind: 'edit', id: project.id })}
          onClose={closeDialog}
        />
      ) : null}
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
