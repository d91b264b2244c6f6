import type { UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ListSkeleton, LoadError } from './list-states';
import type { ListNoun } from './paged-list';

/**
 * A settings section of records an admin keeps (macros, teams): a heading with a New button, each
 * record with Edit and Delete, and the list's loading, error and empty states. The section's own
 * dialogs come as children.
 */
export function EditableList<Item extends { id: string; name: string }>({
  id,
  title,
  description,
  newLabel,
  list,
  noun,
  empty,
  loadingRows = 3,
  onNew,
  onEdit,
  onDelete,
  renderItem,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  newLabel: string;
  list: UseQueryResult<{ data: Item[] }>;
  noun: ListNoun;
  empty: { icon: LucideIcon; title: string; description: ReactNode };
  loadingRows?: number;
  onNew: () => void;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
  renderItem: (item: Item) => ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        <Button onClick={onNew}>
          <Plus aria-hidden="true" className="size-4" />
          {newLabel}
        </Button>
      </div>

      {list.isPending ? (
        <ListSkeleton label={`Loading the ${noun.many}`} rows={loadingRows} />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          title={`The ${noun.many} could not be loaded`}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        <ul
          aria-label={title}
          className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {list.data.data.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0 flex-1">{renderItem(item)}</div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onEdit(item)}
                  aria-label={`Edit ${item.name}`}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onDelete(item)}
                  aria-label={`Delete ${item.name}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
