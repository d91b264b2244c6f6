import { Extension, Node, type Editor } from '@tiptap/react';
import { TextSelection, type Command } from '@tiptap/pm/state';
import {
  addColumnAfter,
  addRowAfter,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  isInTable,
  tableEditing,
} from '@tiptap/pm/tables';

// Tables for knowledge-base articles (issue 22), on ProseMirror's own table editing: the nodes the
// server keeps (table, tr, th, td with colspan and rowspan) and the few commands the toolbar offers.

declare module '@tiptap/core' {
  // Declaration merging: only an interface adds a field to Tiptap's own.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface NodeConfig {
    /** What ProseMirror's table editing takes the node for. */
    tableRole?: 'table' | 'row' | 'cell' | 'header_cell';
  }
}

const spanAttribute = (name: 'colspan' | 'rowspan') => ({
  default: 1,
  parseHTML: (element: HTMLElement) => Number(element.getAttribute(name) ?? 1) || 1,
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] === 1 ? {} : { [name]: attributes[name] },
});

const cellAttributes = () => ({
  colspan: spanAttribute('colspan'),
  rowspan: spanAttribute('rowspan'),
  // Kept by the table editing while columns change; never written out (the server drops widths).
  colwidth: { default: null, renderHTML: () => ({}) },
});

const TableRoles = Extension.create({
  name: 'tableRoles',
  extendNodeSchema: (extension) => {
    const role = (extension.config as { tableRole?: string }).tableRole;
    return role ? { tableRole: role } : {};
  },
});

const runCommand = (editor: Editor, command: Command) =>
  editor.commands.command(({ state, dispatch }) => command(state, dispatch));

const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  tableRole: 'table',
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],
  addProseMirrorPlugins: () => [tableEditing()],
  addKeyboardShortcuts() {
    // Out of a table, or past its last cell, Tab leaves the editor as everywhere else.
    return {
      Tab: () => runCommand(this.editor, goToNextCell(1)),
      'Shift-Tab': () => runCommand(this.editor, goToNextCell(-1)),
    };
  },
});

const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableHeader | tableCell)*',
  tableRole: 'row',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
});

const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  tableRole: 'cell',
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
});

const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  tableRole: 'header_cell',
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
});

export const articleTable = [TableRoles, Table, TableRow, TableCell, TableHeader];

/** A table of three columns and three rows, the first a header row, where the cursor is. */
export function insertTable(editor: Editor) {
  const { nodes } = editor.state.schema;
  const row = (cell: 'tableHeader' | 'tableCell') =>
    nodes.tableRow!.create(
      null,
      [0, 1, 2].map(() => nodes[cell]!.createAndFill()!),
    );
  const table = nodes.table!.create(null, [row('tableHeader'), row('tableCell'), row('tableCell')]);
  editor
    .chain()
    .focus()
    .command(({ tr }) => {
      const start = tr.selection.from;
      tr.replaceSelectionWith(table).scrollIntoView();
      // Writing starts in the first header cell, not after the table.
      tr.setSelection(TextSelection.near(tr.doc.resolve(start + 1)));
      return true;
    })
    .run();
}

export const inTable = (editor: Editor) => isInTable(editor.state);

export const tableCommands = {
  addRow: (editor: Editor) => runCommand(editor, addRowAfter),
  addColumn: (editor: Editor) => runCommand(editor, addColumnAfter),
  deleteRow: (editor: Editor) => runCommand(editor, deleteRow),
  deleteColumn: (editor: Editor) => runCommand(editor, deleteColumn),
  deleteTable: (editor: Editor) => runCommand(editor, deleteTable),
};
