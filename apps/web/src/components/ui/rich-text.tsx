import { cn } from '../../lib/cn';

/**
 * How formatted text reads, in the editor and where it is shown: paragraphs, lists, quotes, code and
 * links, within the small set of elements the server keeps (issue 21).
 */
export const richTextClasses = cn(
  'text-sm leading-6 text-slate-800 [overflow-wrap:anywhere]',
  '[&>*+*]:mt-2 [&_p:empty]:h-6',
  '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_li+li]:mt-0.5',
  '[&_blockquote]:border-l-2 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-700',
  '[&_code]:rounded [&_code]:bg-slate-900/5 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.8125rem]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a:hover]:text-indigo-900',
);

/**
 * Formatted text the server sanitised (only those elements, links forced to open apart with
 * rel="noopener noreferrer"); never pass html that did not come through the server's sanitiser.
 */
export function RichTextContent({ html, className }: { html: string; className?: string }) {
  return <div className={cn(richTextClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
