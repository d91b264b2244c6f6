import { emailLinkSchema, type ColumnBlock, type EmailBlock, type EmailBlockType } from '@atrium/shared';
import {
  ArrowDown,
  ArrowUp,
  ChevronDown,
  Columns2,
  Copy,
  Heading,
  Image,
  LogOut,
  Minus,
  MousePointerClick,
  Plus,
  Trash2,
  Type,
  type LucideIcon,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { MenuContent, MenuItem } from '../../../components/ui/menu';
import { cn } from '../../../lib/cn';
import {
  blockAt,
  blockErrorPrefix,
  blockTypeLabels,
  blockTypes,
  canMove,
  columnBlockTypes,
  createBlock,
  duplicateBlock,
  errorsUnder,
  insertAt,
  insertBlock,
  insertIntoColumn,
  isColumnBlock,
  moveBlock,
  moveIntoColumns,
  moveOutOfColumns,
  removeBlock,
  updateBlock,
  type BlockPath,
  type ColumnSide,
} from '../lib/email-blocks';
import { EmailImageField } from './email-image-field';
import { MergeTagMenu } from './email-merge-tags';

const blockIcons: Record<EmailBlockType, LucideIcon> = {
  text: Type,
  heading: Heading,
  image: Image,
  button: MousePointerClick,
  divider: Minus,
  columns: Columns2,
};

const sideNames = ['left', 'right'] as const;

/** What every block of the editor is handed: the list, and how to change it and its errors. */
type EditorContext = {
  campaignId: string;
  blocks: readonly EmailBlock[];
  errors: Record<string, string>;
  /**
   * `structural`: blocks moved, came or went, so errors named by position no longer fit. A function
   * is applied to the list as it is then (an Undo pressed after other edits).
   */
  onChange: (
    blocks: EmailBlock[] | ((current: readonly EmailBlock[]) => EmailBlock[]),
    structural?: boolean,
  ) => void;
  setError: (key: string, message: string | undefined) => void;
  focusAdd: () => void;
};

/** After a move the block's own button keeps the focus (or its pair, when it reached an end). */
function refocus(id: string, preferred: 'up' | 'down') {
  requestAnimationFrame(() => {
    const card = document.querySelector(`[data-block-id="${CSS.escape(id)}"]`);
    const first = card?.querySelector<HTMLButtonElement>(`[data-move="${preferred}"]`);
    const other = card?.querySelector<HTMLButtonElement>(
      `[data-move="${preferred === 'up' ? 'down' : 'up'}"]`,
    );
    (first && !first.disabled ? first : other)?.focus();
  });
}

/** A text field with the merge-tag menu at its top right. */
function MergeField({
  label,
  value,
  error,
  multiline = false,
  maxLength,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  multiline?: boolean;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  return (
    <div className="relative">
      <Field label={label} error={error}>
        {(control) =>
          multiline ? (
            <Textarea
              {...control}
              ref={ref}
              rows={4}
              maxLength={maxLength}
              value={value}
              onChange={(event) => onChange(event.target.value)}
            />
          ) : (
            <Input
              {...control}
              ref={ref}
              maxLength={maxLength}
              autoComplete="off"
              value={value}
              onChange={(event) => onChange(event.target.value)}
            />
          )
        }
      </Field>
      <div className="absolute -top-1.5 right-0">
        <MergeTagMenu target={ref} value={value} onInsert={onChange} fieldName={label} />
      </div>
    </div>
  );
}

/** A link field checked with the shared rule as soon as the author leaves it. */
function LinkField({
  label,
  value,
  error,
  optional = false,
  onChange,
  onCheck,
}: {
  label: string;
  value: string;
  error: string | undefined;
  optional?: boolean;
  onChange: (value: string) => void;
  onCheck: (message: string | undefined) => void;
}) {
  return (
    <Field label={label} error={error} hint="https://…, http://… or mailto:…; merge tags may be part of it.">
      {(control) => (
        <Input
          {...control}
          type="text"
          inputMode="url"
          placeholder="https://"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            if (optional && value.trim() === '') return onCheck(undefined);
            const checked = emailLinkSchema.safeParse(value);
            onCheck(checked.success ? undefined : checked.error.issues[0]?.message);
          }}
        />
      )}
    </Field>
  );
}

/** The fields of one block, edited in place. */
function BlockFields({
  block,
  path,
  context,
}: {
  block: EmailBlock;
  path: BlockPath;
  context: EditorContext;
}) {
  const prefix = blockErrorPrefix(path);
  const error = (field: string) => context.errors[`${prefix}.${field}`];
  const edit = (patch: Record<string, unknown>) => {
    for (const field of Object.keys(patch)) context.setError(`${prefix}.${field}`, undefined);
    context.onChange(updateBlock(context.blocks, path, patch));
  };
  const check = (field: string) => (message: string | undefined) =>
    context.setError(`${prefix}.${field}`, message);
  // Inside a column there is room for one field a row.
  const pair = path.length === 1 ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4';

  switch (block.type) {
    case 'heading':
      return (
        <div className={path.length === 1 ? 'grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]' : 'grid gap-4'}>
          <MergeField
            label="Heading text"
            value={block.text}
            error={error('text')}
            maxLength={200}
            onChange={(text) => edit({ text })}
          />
          <Field label="Size" error={error('level')}>
            {(control) => (
              <Select
                {...control}
                value={block.level}
                onChange={(event) => edit({ level: Number(event.target.value) as 1 | 2 })}
              >
                <option value={1}>Large</option>
                <option value={2}>Medium</option>
              </Select>
            )}
          </Field>
        </div>
      );
    case 'text':
      return (
        <MergeField
          label="Text"
          multiline
          value={block.text}
          error={error('text')}
          maxLength={10_000}
          onChange={(text) => edit({ text })}
        />
      );
    case 'image':
      return (
        <div className="space-y-4">
          <EmailImageField
            campaignId={context.campaignId}
            src={block.src}
            error={error('src')}
            onChange={(src) => edit({ src })}
            onBlur={() => undefined}
          />
          <Field
            label="Alt text"
            error={error('alt')}
            hint="What the image shows, for people who cannot see it; leave empty for a decorative one."
          >
            {(control) => (
              <Input
                {...control}
                maxLength={300}
                autoComplete="off"
                value={block.alt}
                onChange={(event) => edit({ alt: event.target.value })}
              />
            )}
          </Field>
          <LinkField
            label="Image link (optional)"
            optional
            value={block.href ?? ''}
            error={error('href')}
            onChange={(href) => edit({ href: href === '' ? undefined : href })}
            onCheck={check('href')}
          />
        </div>
      );
    case 'button':
      return (
        <div className={pair}>
          <MergeField
            label="Button text"
            value={block.label}
            error={error('label')}
            maxLength={80}
            onChange={(label) => edit({ label })}
          />
          <LinkField
            label="Button link"
            value={block.href}
            error={error('href')}
            onChange={(href) => edit({ href })}
            onCheck={check('href')}
          />
        </div>
      );
    case 'divider':
      return <p className="text-sm text-slate-600">A thin line between the blocks above and below it.</p>;
    case 'columns':
      return (
        <div className="grid gap-4 md:grid-cols-2">
          {([0, 1] as const).map((side) => (
            <ColumnList key={side} parentIndex={path[0]} side={side} block={block} context={context} />
          ))}
        </div>
      );
  }
}

function ColumnList({
  parentIndex,
  side,
  block,
  context,
}: {
  parentIndex: number;
  side: ColumnSide;
  block: Extract<EmailBlock, { type: 'columns' }>;
  context: EditorContext;
}) {
  const headingId = useId();
  const items = block.columns[side];
  const columnError = context.errors[`${blockErrorPrefix([parentIndex])}.columns.${side}`];
  const name = `${sideNames[side] === 'left' ? 'Left' : 'Right'} column`;
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <h4 id={headingId} className="text-sm font-semibold text-slate-800">
        {name}
      </h4>
      {columnError ? <p className="text-sm font-medium text-red-700">{columnError}</p> : null}
      {items.length === 0 ? <p className="text-sm text-slate-600">Nothing in this column yet.</p> : null}
      {items.length > 0 ? (
        <ol className="space-y-3" aria-label={`Blocks in the ${sideNames[side]} column`}>
          {items.map((child, index) => (
            <BlockCard
              key={child.id}
              block={child}
              path={[parentIndex, side, index]}
              position={index + 1}
              context={context}
            />
          ))}
        </ol>
      ) : null}
      <AddBlockMenu
        label={`Add to ${sideNames[side]} column`}
        types={columnBlockTypes}
        onAdd={(type) => {
          const added = createBlock(type as ColumnBlock['type']);
          context.onChange(insertIntoColumn(context.blocks, parentIndex, side, added), true);
          focusBlock(added.id);
        }}
        size="sm"
      />
    </section>
  );
}

/** A new block's first field gets the focus: the author writes in it next. */
function focusBlock(id: string) {
  requestAnimationFrame(() => {
    document
      .querySelector<HTMLElement>(
        `[data-block-id="${CSS.escape(id)}"] :is(input:not([type=file]), textarea, select)`,
      )
      ?.focus();
  });
}

function IconButton({
  label,
  icon: Icon,
  onClick,
  disabled,
  move,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  move?: 'up' | 'down';
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-9 px-0"
      aria-label={label}
      title={label}
      disabled={disabled}
      data-move={move}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  );
}

/** The columns block nearest to a top-level block: the one above it, else the one below. */
function nearestColumns(blocks: readonly EmailBlock[], index: number): number | null {
  for (let at = index - 1; at >= 0; at -= 1) if (blocks[at]?.type === 'columns') return at;
  for (let at = index + 1; at < blocks.length; at += 1) if (blocks[at]?.type === 'columns') return at;
  return null;
}

function BlockCard({
  block,
  path,
  position,
  context,
}: {
  block: EmailBlock;
  path: BlockPath;
  position: number;
  context: EditorContext;
}) {
  const titleId = useId();
  const movedIn = useRef(false);
  const { blocks, onChange } = context;
  const Icon = blockIcons[block.type];
  const prefix = blockErrorPrefix(path);
  const invalid = errorsUnder(context.errors, prefix).length > 0;
  const ownError = context.errors[prefix];
  const inColumn = path.length === 3;
  const columnsAt = !inColumn && isColumnBlock(block) ? nearestColumns(blocks, path[0]) : null;
  const title = `${blockTypeLabels[block.type]}${block.type === 'heading' ? ` ${block.level}` : ''}`;

  const move = (step: -1 | 1) => {
    onChange(moveBlock(blocks, path, step), true);
    refocus(block.id, step === -1 ? 'up' : 'down');
  };
  const remove = () => {
    onChange(removeBlock(blocks, path), true);
    context.focusAdd();
    toast(`${blockTypeLabels[block.type]} block removed`, {
      action: {
        label: 'Undo',
        onClick: () => {
          context.onChange((current) => insertAt(current, path, block), true);
          focusBlock(block.id);
        },
      },
    });
  };

  return (
    <li data-block-id={block.id}>
      <section
        aria-labelledby={titleId}
        className={cn(
          'space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1',
          invalid ? 'ring-2 ring-red-600' : 'ring-slate-200',
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Icon aria-hidden="true" className="size-4 text-slate-500" />
            <span>
              <span className="sr-only">Block {position}: </span>
              {title}
              {invalid ? <span className="ml-2 font-medium text-red-700">Needs attention</span> : null}
            </span>
          </h3>
          <div
            className="flex flex-wrap items-center gap-0.5"
            role="group"
            aria-label={`${title} block actions`}
          >
            <IconButton
              label="Move up"
              icon={ArrowUp}
              move="up"
              disabled={!canMove(blocks, path, -1)}
              onClick={() => move(-1)}
            />
            <IconButton
              label="Move down"
              icon={ArrowDown}
              move="down"
              disabled={!canMove(blocks, path, 1)}
              onClick={() => move(1)}
            />
            {inColumn ? (
              <IconButton
                label="Move out of the columns"
                icon={LogOut}
                onClick={() => {
                  onChange(moveOutOfColumns(blocks, path), true);
                  focusBlock(block.id);
                }}
              />
            ) : null}
            {columnsAt !== null ? (
              <DropdownMenu.Root>
                <DropdownMenu.Trigger
                  aria-label="Move into a column"
                  title="Move into a column"
                  className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'size-9 px-0' })}
                >
                  <Columns2 aria-hidden="true" className="size-4" />
                </DropdownMenu.Trigger>
                <MenuContent
                  align="end"
                  onCloseAutoFocus={(event) => {
                    // The block, now in its column, takes the focus instead.
                    if (movedIn.current) event.preventDefault();
                    movedIn.current = false;
                  }}
                >
                  {([0, 1] as const).map((side) => (
                    <MenuItem
                      key={side}
                      onSelect={() => {
                        movedIn.current = true;
                        onChange(moveIntoColumns(blocks, path[0], columnsAt, side), true);
                        focusBlock(block.id);
                      }}
                    >
                      Into the {sideNames[side]} column {columnsAt < path[0] ? 'above' : 'below'}
                    </MenuItem>
                  ))}
                </MenuContent>
              </DropdownMenu.Root>
            ) : null}
            <IconButton
              label="Duplicate"
              icon={Copy}
              onClick={() => {
                const copied = duplicateBlock(blocks, path);
                onChange(copied, true);
                const copy = blockAt(copied, [
                  ...path.slice(0, -1),
                  path[path.length - 1]! + 1,
                ] as unknown as BlockPath);
                if (copy) focusBlock(copy.id);
              }}
            />
            <IconButton label="Remove" icon={Trash2} onClick={remove} />
          </div>
        </div>
        {ownError ? <p className="text-sm font-medium text-red-700">{ownError}</p> : null}
        <BlockFields block={block} path={path} context={context} />
      </section>
    </li>
  );
}

function AddBlockMenu({
  label,
  types,
  onAdd,
  triggerRef,
  size = 'md',
}: {
  label: string;
  types: readonly EmailBlockType[];
  onAdd: (type: EmailBlockType) => void;
  triggerRef?: RefObject<HTMLButtonElement | null>;
  size?: 'sm' | 'md';
}) {
  const chosen = useRef(false);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger ref={triggerRef} className={buttonClasses({ variant: 'secondary', size })}>
        <Plus aria-hidden="true" className="size-4" />
        {label}
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <MenuContent
        align="start"
        onCloseAutoFocus={(event) => {
          // The new block's first field takes the focus instead.
          if (chosen.current) event.preventDefault();
          chosen.current = false;
        }}
      >
        {types.map((type) => {
          const Icon = blockIcons[type];
          return (
            <MenuItem
              key={type}
              onSelect={() => {
                chosen.current = true;
                onAdd(type);
              }}
            >
              <Icon aria-hidden="true" className="size-4 text-slate-500" />
              {blockTypeLabels[type]}
            </MenuItem>
          );
        })}
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/**
 * The message as blocks (issue 23): add, edit in place, reorder with Move up / Move down, duplicate,
 * remove with Undo, and blocks inside two columns. Errors arrive keyed as the server names them
 * (`content.blocks.2.href`) and show at that block's field.
 */
export function EmailBlockEditor({
  campaignId,
  blocks,
  errors,
  onChange,
  setError,
  intro,
}: Omit<EditorContext, 'focusAdd'> & { intro?: ReactNode }) {
  const addRef = useRef<HTMLButtonElement>(null);
  const context: EditorContext = {
    campaignId,
    blocks,
    errors,
    onChange,
    setError,
    focusAdd: () => requestAnimationFrame(() => addRef.current?.focus()),
  };
  const listError = errors['content.blocks'];

  return (
    <div className="space-y-4">
      {intro}
      {listError ? <p className="text-sm font-medium text-red-700">{listError}</p> : null}
      {blocks.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-semibold text-slate-900">The message is empty</p>
          <p className="mt-1 text-sm text-slate-600">Add a heading, some text and a button to start.</p>
        </div>
      ) : (
        <ol className="space-y-4" aria-label="Message blocks">
          {blocks.map((block, index) => (
            <BlockCard key={block.id} block={block} path={[index]} position={index + 1} context={context} />
          ))}
        </ol>
      )}
      <AddBlockMenu
        label="Add block"
        types={blockTypes}
        triggerRef={addRef}
        onAdd={(type) => {
          const added = createBlock(type);
          onChange(insertBlock(blocks, added), true);
          focusBlock(added.id);
        }}
      />
    </div>
  );
}
