import {
  createKnowledgeCategorySchema,
  renameKnowledgeCategorySchema,
  type KnowledgeCategory,
  type KnowledgeCategoryTree,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Ellipsis, FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { MenuContent, MenuItem, MenuSeparator } from '../../../components/ui/menu';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import {
  categoriesQueryOptions,
  createCategory,
  deleteCategory,
  knowledgeQueryKey,
  moveCategory,
  renameCategory,
} from '../api/knowledge.queries';

type Editing = { mode: 'add'; parentId: string | null } | { mode: 'rename'; category: KnowledgeCategory };

/**
 * The categories in two levels (issue 22), each a filter of the list; helpdesk:manage adds,
 * renames, moves them up and down among their siblings and deletes the empty ones.
 */
export function CategoryTree({
  selected,
  onSelect,
  mayManage,
}: {
  selected: string;
  onSelect: (categoryId: string) => void;
  mayManage: boolean;
}) {
  const queryClient = useQueryClient();
  const tree = useQuery(categoriesQueryOptions());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeCategory | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey });

  const move = useMutation({
    // Positions may have gaps: the new place is counted among the siblings as shown.
    mutationFn: ({ category, to }: { category: KnowledgeCategory; to: number }) =>
      moveCategory(category.id, { parentId: category.parentId, position: to, version: category.version }),
    onSuccess: () => void refresh(),
    onError: (error) => toast.error(error.message),
  });

  const remove = useMutation({
    mutationFn: (category: KnowledgeCategory) => deleteCategory(category.id),
    onSuccess: (_, category) => {
      void refresh();
      if (selected === category.id) onSelect('');
      toast.success(`Category “${category.name}” was deleted`);
      setDeleting(null);
    },
  });

  const row = (category: KnowledgeCategory, siblings: KnowledgeCategory[], index: number, level: 1 | 2) => (
    <div className="group flex items-center gap-1">
      <button
        type="button"
        aria-current={selected === category.id ? 'true' : undefined}
        onClick={() => onSelect(selected === category.id ? '' : category.id)}
        className={cn(
          'flex min-w-0 flex-1 items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100',
          'focus-visible:outline-2 focus-visible:outline-indigo-600',
          level === 2 && 'pl-5',
          selected === category.id ? 'bg-indigo-50 font-semibold text-indigo-800' : 'text-slate-800',
        )}
      >
        <span className="truncate">{category.name}</span>
        <span className="text-xs text-slate-600">{category.articleCount}</span>
      </button>
      {mayManage ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            aria-label={`Arrange ${category.name}`}
            title={`Arrange ${category.name}`}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Ellipsis aria-hidden="true" className="size-4" />
          </DropdownMenu.Trigger>
          <MenuContent align="end">
            <MenuItem disabled={index === 0} onSelect={() => move.mutate({ category, to: index - 1 })}>
              <ArrowUp aria-hidden="true" className="size-4" /> Move up
            </MenuItem>
            <MenuItem
              disabled={index === siblings.length - 1}
              onSelect={() => move.mutate({ category, to: index + 1 })}
            >
              <ArrowDown aria-hidden="true" className="size-4" /> Move down
            </MenuItem>
            {level === 1 ? (
              <MenuItem onSelect={() => setEditing({ mode: 'add', parentId: category.id })}>
                <FolderPlus aria-hidden="true" className="size-4" /> Add subcategory
              </MenuItem>
            ) : null}
            <MenuItem onSelect={() => setEditing({ mode: 'rename', category })}>
              <Pencil aria-hidden="true" className="size-4" /> Rename
            </MenuItem>
            <MenuSeparator />
            <MenuItem
              onSelect={() => {
                remove.reset();
                setDeleting(category);
              }}
              className="text-red-700 data-[highlighted]:text-red-800"
            >
              <Trash2 aria-hidden="true" className="size-4" /> Delete
            </MenuItem>
          </MenuContent>
        </DropdownMenu.Root>
      ) : null}
    </div>
  );

  return (
    <nav aria-labelledby="categories-heading" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="categories-heading" className="text-sm font-semibold text-slate-900">
          Categories
        </h2>
        {mayManage ? (
          <Button size="sm" variant="ghost" onClick={() => setEditing({ mode: 'add', parentId: null })}>
            <FolderPlus aria-hidden="true" className="size-4" />
            Add category
          </Button>
        ) : null}
      </div>
      {tree.isPending ? (
        <ListSkeleton label="Loading categories…" rows={3} />
      ) : tree.isError ? (
        <LoadError
          error={tree.error}
          title="The categories could not be loaded"
          onRetry={() => void tree.refetch()}
        />
      ) : (
        <>
          <button
            type="button"
            aria-current={selected === '' ? 'true' : undefined}
            onClick={() => onSelect('')}
            className={cn(
              'w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600',
              selected === '' ? 'bg-indigo-50 font-semibold text-indigo-800' : 'text-slate-800',
            )}
          >
            All articles
          </button>
          {tree.data.data.length === 0 ? (
            <p className="px-2 text-sm text-slate-600">
              No categories yet.{mayManage ? ' Add one to group articles by topic.' : ''}
            </p>
          ) : (
            <ul className="space-y-0.5">
              {tree.data.data.map((top, index) => (
                <li key={top.id}>
                  {row(top, tree.data.data, index, 1)}
                  {top.children.length > 0 ? (
                    <ul className="space-y-0.5">
                      {top.children.map((child, childIndex) => (
                        <li key={child.id}>{row(child, top.children, childIndex, 2)}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'rename' ? 'Rename category' : 'Add category'}
        description={
          editing?.mode === 'rename'
            ? 'Articles in it keep their place.'
            : 'A top category, or a subcategory of one: categories have two levels.'
        }
      >
        {editing ? <CategoryForm editing={editing} tree={tree.data} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this category?"
        description={
          <>
            “{deleting?.name}” will be gone. Only an empty category can be deleted: move its articles and
            subcategories first.
            {remove.isError ? (
              <span role="alert" className="mt-2 block font-medium text-red-700">
                {remove.error.message}
              </span>
            ) : null}
          </>
        }
        confirmLabel="Delete category"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </nav>
  );
}

function CategoryForm({
  editing,
  tree,
  onDone,
}: {
  editing: Editing;
  tree: KnowledgeCategoryTree | undefined;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(editing.mode === 'rename' ? editing.category.name : '');
  const [parentId, setParentId] = useState(editing.mode === 'add' ? (editing.parentId ?? '') : '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: () =>
      editing.mode === 'rename'
        ? renameCategory(editing.category.id, { name, version: editing.category.version })
        : createCategory({ name, parentId: parentId || null }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: knowledgeQueryKey });
      toast.success(editing.mode === 'rename' ? 'Category renamed' : `Category “${saved.name}” was added`);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed =
      editing.mode === 'rename'
        ? renameKnowledgeCategorySchema.safeParse({ name, version: editing.category.version })
        : createKnowledgeCategorySchema.safeParse({ name, parentId: parentId || null });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {save.isError && Object.keys(errors).length === 0 ? (
        <ServerErrorAlert error={save.error} title="The category could not be saved" />
      ) : null}
      <Field label="Name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      {editing.mode === 'add' ? (
        <Field label="Inside" error={errors.parentId}>
          {(control) => (
            <Select {...control} value={parentId} onChange={(event) => setParentId(event.target.value)}>
              <option value="">Nothing: a top category</option>
              {tree?.data.map((top) => (
                <option key={top.id} value={top.id}>
                  {top.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <FormActions
        submitLabel={editing.mode === 'rename' ? 'Rename' : 'Add category'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
