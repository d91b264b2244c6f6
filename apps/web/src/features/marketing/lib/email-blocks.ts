import type { ColumnBlock, EmailBlock, EmailBlockType } from '@atrium/shared';

// Issue 23: the email editor's list of blocks, changed without mutation so each change is one new
// draft (dirty tracking compares drafts). A block is found by its path: [index] at the top, or
// [index, column, index] inside a two-column block.

export type ColumnSide = 0 | 1;
export type BlockPath = readonly [number] | readonly [number, ColumnSide, number];
export type ColumnBlockType = ColumnBlock['type'];

/** The kinds a column may hold (the shared schema refuses columns and dividers there). */
export const columnBlockTypes: readonly ColumnBlockType[] = ['text', 'heading', 'image', 'button'];

export const blockTypeLabels: Record<EmailBlockType, string> = {
  text: 'Text',
  heading: 'Heading',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
  columns: 'Two columns',
};

/** The order the "Add block" menu offers them in. */
export const blockTypes: readonly EmailBlockType[] = [
  'text',
  'heading',
  'image',
  'button',
  'divider',
  'columns',
];

let counter = 0;
/** Unique within a message (the schema allows 40 characters); random so two tabs never collide. */
export function newBlockId(): string {
  counter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replaceAll('-', '').slice(0, 16)
      : Math.random().toString(36).slice(2, 14);
  return `b${counter.toString(36)}${random}`;
}

export function createBlock(type: 'columns' | 'divider'): EmailBlock;
export function createBlock(type: ColumnBlockType): ColumnBlock;
export function createBlock(type: EmailBlockType): EmailBlock;
export function createBlock(type: EmailBlockType): EmailBlock {
  const id = newBlockId();
  switch (type) {
    case 'text':
      return { type, id, text: '' };
    case 'heading':
      return { type, id, text: '', level: 2 };
    case 'image':
      return { type, id, src: '', alt: '' };
    case 'button':
      return { type, id, label: '', href: '' };
    case 'divider':
      return { type, id };
    case 'columns':
      return { type, id, columns: [[], []] };
  }
}

export const isColumnBlock = (block: EmailBlock): block is ColumnBlock =>
  (columnBlockTypes as readonly string[]).includes(block.type);

/** A copy with fresh ids (its own and, for columns, those of the blocks inside). */
export function copyBlock<T extends EmailBlock>(block: T): T {
  if (block.type === 'columns') {
    return {
      ...block,
      id: newBlockId(),
      columns: [block.columns[0].map(copyBlock), block.columns[1].map(copyBlock)],
    } as T;
  }
  return { ...block, id: newBlockId() };
}

export function blockAt(blocks: readonly EmailBlock[], path: BlockPath): EmailBlock | undefined {
  const top = blocks[path[0]];
  if (path.length === 1 || !top) return top;
  return top.type === 'columns' ? top.columns[path[1]][path[2]] : undefined;
}

/** The list a path's block sits in, changed by `change`; the other lists are kept as they are. */
function withList(
  blocks: readonly EmailBlock[],
  path: BlockPath,
  change: (list: EmailBlock[], index: number) => EmailBlock[],
): EmailBlock[] {
  if (path.length === 1) return change([...blocks], path[0]);
  const [index, side, inner] = path;
  const parent = blocks[index];
  if (parent?.type !== 'columns') return [...blocks];
  const columns: [ColumnBlock[], ColumnBlock[]] = [[...parent.columns[0]], [...parent.columns[1]]];
  columns[side] = change(columns[side], inner) as ColumnBlock[];
  return blocks.map((block, at) => (at === index ? { ...parent, columns } : block));
}

/** The block with some of its fields changed (the type never changes). */
export function updateBlock(
  blocks: readonly EmailBlock[],
  path: BlockPath,
  patch: Partial<Omit<EmailBlock, 'type' | 'id'>>,
): EmailBlock[] {
  return withList(blocks, path, (list, index) =>
    list.map((block, at) => (at === index ? ({ ...block, ...patch } as EmailBlock) : block)),
  );
}

/** One place up (-1) or down (+1) within its own list; at an end, nothing changes. */
export function moveBlock(blocks: readonly EmailBlock[], path: BlockPath, step: -1 | 1): EmailBlock[] {
  return withList(blocks, path, (list, index) => {
    const to = index + step;
    if (to < 0 || to >= list.length || !list[index]) return list;
    const [moved] = list.splice(index, 1);
    list.splice(to, 0, moved!);
    return list;
  });
}

export const canMove = (blocks: readonly EmailBlock[], path: BlockPath, step: -1 | 1): boolean => {
  const list =
    path.length === 1
      ? blocks
      : (blocks[path[0]] as Extract<EmailBlock, { type: 'columns' }>).columns[path[1]];
  const to = path[path.length - 1]! + step;
  return to >= 0 && to < list.length;
};

/** A new block at the top level at `index` (the end when left out). */
export function insertBlock(
  blocks: readonly EmailBlock[],
  block: EmailBlock,
  index = blocks.length,
): EmailBlock[] {
  const next = [...blocks];
  next.splice(Math.max(0, Math.min(index, next.length)), 0, block);
  return next;
}

/** A block put back where it was (undoing a removal): at its path, or the nearest place left. */
export function insertAt(blocks: readonly EmailBlock[], path: BlockPath, block: EmailBlock): EmailBlock[] {
  if (path.length === 1) return insertBlock(blocks, block, path[0]);
  if (blocks[path[0]]?.type !== 'columns' || !isColumnBlock(block))
    return insertBlock(blocks, block, path[0] + 1);
  return withList(blocks, path, (list, index) => {
    list.splice(Math.min(index, list.length), 0, block);
    return list;
  });
}

/** A new block at the end of one column of the columns block at `index`. */
export function insertIntoColumn(
  blocks: readonly EmailBlock[],
  index: number,
  side: ColumnSide,
  block: ColumnBlock,
): EmailBlock[] {
  const parent = blocks[index];
  if (parent?.type !== 'columns') return [...blocks];
  return withList(blocks, [index, side, parent.columns[side].length], (list, at) => {
    list.splice(at, 0, block);
    return list;
  });
}

export function removeBlock(blocks: readonly EmailBlock[], path: BlockPath): EmailBlock[] {
  return withList(blocks, path, (list, index) => list.filter((_, at) => at !== index));
}

/** A copy (new ids) right after the original, in the same list. */
export function duplicateBlock(blocks: readonly EmailBlock[], path: BlockPath): EmailBlock[] {
  return withList(blocks, path, (list, index) => {
    const original = list[index];
    if (original) list.splice(index + 1, 0, copyBlock(original));
    return list;
  });
}

/** A top-level block moved to the end of a column of a neighbouring columns block. */
export function moveIntoColumns(
  blocks: readonly EmailBlock[],
  index: number,
  columnsIndex: number,
  side: ColumnSide,
): EmailBlock[] {
  const block = blocks[index];
  if (!block || !isColumnBlock(block) || blocks[columnsIndex]?.type !== 'columns') return [...blocks];
  const withIt = insertIntoColumn(blocks, columnsIndex, side, block);
  return withIt.filter((_, at) => at !== index);
}

/** A block inside columns moved out, to the top level just below its columns block. */
export function moveOutOfColumns(blocks: readonly EmailBlock[], path: BlockPath): EmailBlock[] {
  if (path.length === 1) return [...blocks];
  const block = blocks[path[0]]?.type === 'columns' ? blockAt(blocks, path) : undefined;
  if (!block) return [...blocks];
  return insertBlock(removeBlock(blocks, path), block, path[0] + 1);
}

/** The prefix of a block's fields in the server's error keys, e.g. `content.blocks.2.columns.0.1`. */
export function blockErrorPrefix(path: BlockPath): string {
  return path.length === 1
    ? `content.blocks.${path[0]}`
    : `content.blocks.${path[0]}.columns.${path[1]}.${path[2]}`;
}

/** The errors that name this block or a field of it (a columns block: also the blocks inside). */
export function errorsUnder(errors: Record<string, string>, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
    .map(([, message]) => message);
}

/** The block errors dropped (their indexes no longer fit once blocks move); other fields' kept. */
export function withoutBlockErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('content.blocks')));
}

/**
 * A starting point for a hand-written plain-text part: the blocks' words in order, merge tags as
 * written, links after their words. The server adds the footer and the unsubscribe link.
 */
export function plainTextOf(blocks: readonly EmailBlock[]): string {
  const one = (block: EmailBlock): string => {
    switch (block.type) {
      case 'heading':
        return block.text;
      case 'text':
        return block.text;
      case 'image':
        return block.alt ? (block.href ? `${block.alt} [${block.href}]` : block.alt) : '';
      case 'button':
        return `${block.label} [${block.href}]`;
      case 'divider':
        return '----------';
      case 'columns':
        return [...block.columns[0], ...block.columns[1]].map(one).filter(Boolean).join('\n\n');
    }
  };
  return blocks
    .map(one)
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}
