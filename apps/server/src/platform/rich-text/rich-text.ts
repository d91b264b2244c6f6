import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { articleImageUrlPattern } from '@atrium/shared';

/**
 * What an agent's formatting may keep (issue 21: ticket replies and notes; the knowledge base
 * later): the few elements the editor's toolbar and shortcuts make, and links that can only
 * navigate. Everything else goes, its text kept; scripts and styles go with their content.
 * The inbound-mail sanitiser (platform/mail/inbound-message.ts) follows the same idea with a wider
 * list, since mail from outside carries tables, fonts and inline images.
 */
const richTextOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // An empty list item, quote or link says nothing, yet its plain text would read as "-" or ">".
  // Empty paragraphs and line breaks stay: they are the author's spacing.
  exclusiveFilter: (frame) => !['p', 'br'].includes(frame.tag) && frame.text.trim() === '',
  // Whatever rel and target the sender wrote: a link opens apart from the app and cannot reach back.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** An agent's formatted message, safe to store, show in the app and send by email. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richTextOptions).trim();
}

/**
 * Knowledge-base articles (issue 22) are documents rather than replies: the same list, and section
 * headings, tables and images besides. Replies and notes keep the shorter list, since mail clients
 * show them. An image stays only when it is one of the workspace's article images (same origin,
 * served under the help centre): nothing from elsewhere loads in a reader's browser.
 */
const articleOptions: sanitizeHtml.IOptions = {
  ...richTextOptions,
  allowedTags: [
    ...(richTextOptions.allowedTags || []),
    'h2',
    'h3',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    ...richTextOptions.allowedAttributes,
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    img: ['src', 'alt'],
  },
  // An empty table cell keeps its place in the grid.
  exclusiveFilter: (frame) =>
    frame.tag === 'img'
      ? !articleImageUrlPattern.test(frame.attribs.src ?? '')
      : !['p', 'br', 'tr', 'td', 'th'].includes(frame.tag) && frame.text.trim() === '',
};

/** A knowledge-base article's body, safe to store and show to agents, customers and the public. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articleOptions).trim();
}

/**
 * The plain text of sanitised rich text: what search, previews, notifications and the text part of
 * an email read. Lines are not wrapped; a link keeps its address beside its words.
 */
export function richTextToPlain(html: string): string {
  // The editor wraps each list item's text in a paragraph; a list still reads one item a line.
  // (Sanitised markup carries no attributes on either, so the pair is always written this way.)
  const flatLists = html.replaceAll('<li><p>', '<li>').replaceAll('</p></li>', '</li>');
  return convert(flatLists, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'ul', options: { itemPrefix: '- ' } },
      // Search snippets quote these words: kept as written, and a table's cells apart.
      ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
      // An article's image has no words to search or read out.
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}

/** Text put into html we write ourselves (emails, snippets): every character markup could read. */
const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => entities[character]!);
