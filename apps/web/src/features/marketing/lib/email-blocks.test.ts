import type { EmailBlock } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import {
  blockAt,
  blockErrorPrefix,
  canMove,
  createBlock,
  duplicateBlock,
  errorsUnder,
  insertAt,
  insertBlock,
  insertIntoColumn,
  moveBlock,
  moveIntoColumns,
  moveOutOfColumns,
  plainTextOf,
  removeBlock,
  updateBlock,
  withoutBlockErrors,
} from './email-blocks';

const heading: EmailBlock = { type: 'heading', id: 'h', text: 'Hello', level: 1 };
const text: EmailBlock = { type: 'text', id: 't', text: 'Hi {{ lead.first_name }}' };
const button: EmailBlock = { type: 'button', id: 'b', label: 'Read', href: 'https://example.com' };
const columns: EmailBlock = {
  type: 'columns',
  id: 'c',
  columns: [[{ type: 'text', id: 'l1', text: 'Left' }], [{ type: 'text', id: 'r1', text: 'Right' }]],
};
const ids = (blocks: readonly EmailBlock[]) => blocks.map((block) => block.id);

describe('new blocks (issue 23: the email editor adds text, heading, image, button, divider, columns)', () => {
  it('gives every new block an id of its own, within the 40 characters the schema allows', () => {
    const made = Array.from({ length: 200 }, () => createBlock('text'));
    expect(new Set(made.map((block) => block.id)).size).toBe(200);
    for (const block of made) expect(block.id.length).toBeLessThanOrEqual(40);
  });

  it('starts each kind empty, a heading at level 2 and columns with two empty lists', () => {
    expect(createBlock('heading')).toMatchObject({ type: 'heading', text: '', level: 2 });
    expect(createBlock('button')).toMatchObject({ type: 'button', label: '', href: '' });
    expect(createBlock('image')).toMatchObject({ type: 'image', src: '', alt: '' });
    expect(createBlock('columns')).toMatchObject({ type: 'columns', columns: [[], []] });
    expect(Object.keys(createBlock('divider'))).toEqual(['type', 'id']);
  });
});

describe('changing the list', () => {
  const blocks = [heading, text, button];

  it('moves a block up and down, and not past either end', () => {
    expect(ids(moveBlock(blocks, [2], -1))).toEqual(['h', 'b', 't']);
    expect(ids(moveBlock(blocks, [0], 1))).toEqual(['t', 'h', 'b']);
    expect(ids(moveBlock(blocks, [0], -1))).toEqual(['h', 't', 'b']);
    expect(ids(moveBlock(blocks, [2], 1))).toEqual(['h', 't', 'b']);
    expect(canMove(blocks, [0], -1)).toBe(false);
    expect(canMove(blocks, [0], 1)).toBe(true);
    expect(canMove(blocks, [2], 1)).toBe(false);
    expect(ids(blocks)).toEqual(['h', 't', 'b']);
  });

  it('inserts at a place or at the end, and removes', () => {
    const divider = createBlock('divider');
    expect(ids(insertBlock(blocks, divider, 1))).toEqual(['h', divider.id, 't', 'b']);
    expect(ids(insertBlock(blocks, divider))).toEqual(['h', 't', 'b', divider.id]);
    expect(ids(removeBlock(blocks, [1]))).toEqual(['h', 'b']);
  });

  it('duplicates a block right after itself with a new id, columns with new ids inside too', () => {
    const copied = duplicateBlock([heading, columns], [1]);
    expect(copied).toHaveLength(3);
    const copy = copied[2]!;
    expect(copy.type).toBe('columns');
    expect(copy.id).not.toBe('c');
    if (copy.type !== 'columns') throw new Error('columns expected');
    expect(copy.columns[0][0]).toMatchObject({ type: 'text', text: 'Left' });
    expect(copy.columns[0][0]!.id).not.toBe('l1');
    expect(copy.columns[1][0]!.id).not.toBe('r1');
  });

  it('changes one field of one block', () => {
    const changed = updateBlock(blocks, [2], { href: 'mailto:a@example.com' });
    expect(changed[2]).toEqual({ ...button, href: 'mailto:a@example.com' });
    expect(changed[0]).toBe(heading);
  });
});

describe('blocks inside two columns', () => {
  const blocks = [heading, columns, button];

  it('finds, changes, moves and removes a block within its column', () => {
    const withTwo = insertIntoColumn(blocks, 1, 0, {
      type: 'button',
      id: 'l2',
      label: 'Go',
      href: 'https://x.test',
    });
    expect(blockAt(withTwo, [1, 0, 1])).toMatchObject({ id: 'l2' });
    const moved = moveBlock(withTwo, [1, 0, 1], -1);
    expect(blockAt(moved, [1, 0, 0])?.id).toBe('l2');
    expect(canMove(moved, [1, 0, 0], -1)).toBe(false);
    const edited = updateBlock(moved, [1, 1, 0], { text: 'Changed' });
    expect(blockAt(edited, [1, 1, 0])).toMatchObject({ text: 'Changed' });
    expect(blockAt(edited, [1, 0, 0])).toMatchObject({ id: 'l2' });
    const removed = removeBlock(edited, [1, 0, 0]);
    expect(blockAt(removed, [1, 0, 0])?.id).toBe('l1');
    expect(ids(removed)).toEqual(['h', 'c', 'b']);
  });

  it('moves a top-level block into a column, and one out to just below the columns', () => {
    const into = moveIntoColumns(blocks, 2, 1, 1);
    expect(ids(into)).toEqual(['h', 'c']);
    expect(blockAt(into, [1, 1, 1])?.id).toBe('b');
    const out = moveOutOfColumns(into, [1, 1, 0]);
    expect(ids(out)).toEqual(['h', 'c', 'r1']);
    expect(blockAt(out, [1, 1, 0])?.id).toBe('b');
  });

  it('never puts a divider or columns into a column', () => {
    const withDivider = [createBlock('divider'), columns];
    expect(moveIntoColumns(withDivider, 0, 1, 0)).toEqual(withDivider);
  });
});

describe('errors at their block', () => {
  it('names blocks as the server does, and finds the errors of a block and of blocks inside it', () => {
    expect(blockErrorPrefix([2])).toBe('content.blocks.2');
    expect(blockErrorPrefix([2, 1, 0])).toBe('content.blocks.2.columns.1.0');
    const errors = {
      'content.blocks.2.columns.1.0.href': 'Use a link starting with https://',
      'content.blocks.12.text': 'Enter the text',
      'content.subject': 'Enter a subject',
    };
    expect(errorsUnder(errors, 'content.blocks.2')).toEqual(['Use a link starting with https://']);
    expect(errorsUnder(errors, 'content.blocks.1')).toEqual([]);
    expect(withoutBlockErrors(errors)).toEqual({ 'content.subject': 'Enter a subject' });
  });
});

describe('a plain-text part to start editing from', () => {
  it('keeps the words and merge tags in order, links after their words', () => {
    expect(plainTextOf([heading, text, { type: 'divider', id: 'd' }, button, columns])).toBe(
      'Hello\n\nHi {{ lead.first_name }}\n\n----------\n\nRead [https://example.com]\n\nLeft\n\nRight',
    );
  });
});

describe('undoing a removal', () => {
  it('puts a block back at its place, at the top or inside its column', () => {
    const blocks = [heading, columns, button];
    expect(ids(insertAt(removeBlock(blocks, [1]), [1], columns))).toEqual(['h', 'c', 'b']);
    const left = blockAt(blocks, [1, 0, 0])!;
    const back = insertAt(removeBlock(blocks, [1, 0, 0]), [1, 0, 0], left);
    expect(back).toEqual(blocks);
  });
});
