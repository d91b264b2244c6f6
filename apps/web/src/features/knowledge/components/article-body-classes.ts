import { cn } from '../../../lib/cn';

/** What an article has beyond a reply: section headings, tables and images (issue 22). */
export const articleBodyClasses = cn(
  '[&_h2]:mt-5 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-4 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-left',
  '[&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1 [&_td]:align-top',
  '[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_th]:font-semibold',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-indigo-600',
  '[&_.selectedCell]:bg-indigo-50',
);
