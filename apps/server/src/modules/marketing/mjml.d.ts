// mjml ships no types; this covers the one call campaign-render.ts makes.
declare module 'mjml' {
  type MjmlError = { line: number; message: string; tagName: string; formattedMessage: string };
  type MjmlOptions = {
    validationLevel?: 'strict' | 'soft' | 'skip';
    /** Web fonts to link when used; {} links none. */
    fonts?: Record<string, string>;
    keepComments?: boolean;
    minify?: boolean;
    beautify?: boolean;
  };
  export default function mjml2html(
    input: string,
    options?: MjmlOptions,
  ): Promise<{ html: string; errors: MjmlError[] }>;
}
