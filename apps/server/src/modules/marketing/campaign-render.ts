import { convert } from 'html-to-text';
import { Liquid, LiquidError, Tokenizer, TokenKind, toValue, type Template } from 'liquidjs';
import type { CampaignContent, ColumnBlock, EmailBlock } from '@atrium/shared';
import { AppError } from '../../platform/errors/app-error';

/** What a campaign's merge tags may read: the lead's own fields, nothing else. */
export type MergeLead = {
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  jobTitle: string | null;
};
export type CampaignFrame = { workspaceName: string; postalAddress: string };
export type MessageLinks = {
  /** Always present: a visible "Unsubscribe" link in the footer. */
  unsubscribeUrl: string;
  /** A 1x1 image at the end of the body when given. */
  pixelUrl: string | null;
  /** The address link number `index` goes through; null: links as written. */
  trackedLink: ((index: number) => string) | null;
};
export type RenderedMessage = {
  subject: string;
  html: string;
  text: string;
  /** This lead's merged link targets, in message order; '' where the merged link was not a web or mail address. */
  links: string[];
};
export type PreparedCampaign = {
  /** Link targets as written (merge tags unmerged), in message order. */
  links: string[];
  /** Synchronous and cheap: called for every recipient. */
  render(lead: MergeLead, links: MessageLinks): RenderedMessage;
};

// --- The merge language -------------------------------------------------------------------------
//
// Issue 23: merge tags "cannot run code or read anything but the lead's fields". The scope holds
// only `lead` (own properties only, so no constructor or __proto__); unknown variables and filters
// are errors, so a typo is refused when the campaign is saved, not sent; the tags are cut down to
// conditions, comments and assignments (no include / render / layout, which could reach files; no
// loops; no raw, which would skip escaping); the limits bound what one template may cost.
// Every value a tag writes passes through one escape: HTML for the HTML part, none for the text
// part and the subject. NUL never survives it, which keeps the link markers below unforgeable.

// No capture either: what it collects is escaped already, and would be escaped again when written.
const mergeTags = new Set(['assign', 'case', 'comment', 'if', 'unless', '#']);

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
const withoutNul = (text: string) => text.replaceAll('\0', '');

/** As Liquid writes a value. */
function stringify(value: unknown): string {
  const plain: unknown = toValue(value);
  if (typeof plain === 'string') return plain;
  if (plain === null || plain === undefined) return '';
  if (Array.isArray(plain)) return plain.map(stringify).join('');
  return String(plain);
}

function mergeEngine(escape: (text: string) => string): Liquid {
  const engine = new Liquid({
    // Replaces the file system: nothing to include even if a tag tried.
    templates: {},
    strictFilters: true,
    strictVariables: true,
    ownPropertyOnly: true,
    parseLimit: 200_000,
    renderLimit: 500,
    memoryLimit: 10_000_000,
    outputEscape: (value: unknown) => escape(withoutNul(stringify(value))),
  });
  for (const name of Object.keys(engine.tags)) {
    if (!mergeTags.has(name)) Reflect.deleteProperty(engine.tags, name);
  }
  engine.unregisterFilter('raw');
  return engine;
}

const htmlEngine = mergeEngine(escapeHtml);
const textEngine = mergeEngine((text) => text);

type Scope = { lead: Readonly<Record<string, string | null>> };

function scopeOf(lead: MergeLead): Scope {
  return {
    lead: Object.freeze({
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      company: lead.company,
      job_title: lead.jobTitle,
    }),
  };
}

/** Templates are checked against both: a filled-in lead, and one with the optional fields empty. */
const sampleScopes: Scope[] = [
  scopeOf({
    firstName: 'Jordan',
    lastName: 'Rivera',
    email: 'jordan@example.com',
    company: 'Acme',
    jobTitle: 'Buyer',
  }),
  scopeOf({ firstName: '', lastName: '', email: 'lead@example.com', company: null, jobTitle: null }),
];

// --- Author's text into templates ---------------------------------------------------------------

/** A web or mail address in an author's text; merge tags may be part of it. */
const addressPattern = /(?:https?:\/\/|mailto:)(?:\{\{[^{}]*\}\}|[^\s<>"{}])+/gi;
/** The bare scheme, or what cannot be one: no address at all. */
const emptyAddress = /^(?:https?:\/\/|mailto:)$/i;

/** Sentence punctuation after an address is not part of it; a closing bracket is when it opened one. */
function trimAddress(address: string): string {
  let end = address.length;
  for (;;) {
    const last = address[end - 1];
    if (last && '.,;:!?\'"'.includes(last)) end -= 1;
    else if (last === ')' && count(address.slice(0, end), '(') < count(address.slice(0, end), ')')) end -= 1;
    else return address.slice(0, end);
  }
}
const count = (text: string, char: string) => text.split(char).length - 1;

type Part = { kind: 'literal' | 'tag'; text: string } | { kind: 'link'; source: string };

/**
 * The author's text as plain words and merge tags, and, where asked, the addresses in it. An
 * address never cuts a tag in two and never holds a {% %} tag, so each part parses on its own.
 */
function partsOf(source: string, findLinks: boolean): Part[] {
  const tokens = new Tokenizer(source, textEngine.options.operators).readTopLevelTokens(textEngine.options);
  const inside = (at: number) =>
    tokens.some((token) => token.kind !== TokenKind.HTML && token.begin < at && at < token.end);
  const ranges: [number, number][] = [];
  if (findLinks) {
    for (const match of source.matchAll(addressPattern)) {
      const address = trimAddress(match[0]);
      const begin = match.index;
      const end = begin + address.length;
      if (!emptyAddress.test(address) && !inside(begin) && !inside(end)) ranges.push([begin, end]);
    }
  }
  const parts: Part[] = [];
  const take = (from: number, to: number) => {
    for (const token of tokens) {
      const begin = Math.max(token.begin, from);
      const end = Math.min(token.end, to);
      if (begin >= end) continue;
      parts.push({ kind: token.kind === TokenKind.HTML ? 'literal' : 'tag', text: source.slice(begin, end) });
    }
  };
  let at = 0;
  for (const [begin, end] of ranges) {
    take(at, begin);
    parts.push({ kind: 'link', source: source.slice(begin, end) });
    at = end;
  }
  take(at, source.length);
  return parts;
}

/**
 * How an author's words become HTML: paragraphs on blank lines and <br> on single breaks (a text
 * block), <br> only (a heading), or one line (labels, alt text, the preheader, the subject).
 */
type Shape = 'paragraphs' | 'lines' | 'line';

const paragraphBreak = '</p><p style="margin:16px 0 0">';
function wordsToHtml(words: string, shape: Shape): string {
  const escaped = escapeHtml(words);
  if (shape === 'line') return escaped.replace(/\s*\n\s*/g, ' ');
  if (shape === 'lines') return escaped.replace(/\n/g, '<br>');
  return escaped.replace(/\n[ \t]*\n\s*/g, paragraphBreak).replace(/\n/g, '<br>');
}
const wordsToText = (words: string, shape: Shape) =>
  shape === 'line' ? words.replace(/\s*\n\s*/g, ' ') : words;

/** Where link number i stands in a merged text, until this lead's link is put there. */
const linkMarker = (index: number) => `\0${index}\0`;
const linkMarkers = /\0(\d+)\0/g;

// --- Per lead ------------------------------------------------------------------------------------

type LeadState = {
  scope: Scope;
  message: MessageLinks;
  subject: string;
  /** The merged target of each link ('' when it is not a web or mail address). */
  targets: string[];
  /** Where each link points in this message (tracked or not); null: no link. */
  hrefs: (string | null)[];
  linkHtml: string[];
  linkText: string[];
};

type Output = string | ((state: LeadState) => string);
type Slot = { html: Output; text: Output; /** Left out of the text part. */ hidden?: boolean };
type Link = { source: string; template: Template[] | null };

const render = (engine: Liquid, template: Template[] | string, scope: Scope): string =>
  typeof template === 'string' ? template : (engine.renderSync(template, scope) as string);

const lineBreaks = /[\r\n\u0085\u2028\u2029]+/g;

/** Spaces a merge put into an address are encoded; anything but a web or mail address is no link. */
function linkTarget(merged: string): string {
  const target = merged.trim().replace(/\s/g, (space) => encodeURIComponent(space));
  return /^https?:\/\/[^/?#\s]+/i.test(target) || /^mailto:\S/i.test(target) ? target : '';
}

const linkStyle = 'color:#2563eb;text-decoration:underline';

// --- Composition -------------------------------------------------------------------------------

const slotMarker = (index: number) => `ATRS${index}X`;
const hrefMarker = (index: number) => `ATRH${index}X`;

const theme = {
  fonts: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  text: '#1f2937',
  muted: '#6b7280',
  accent: '#2563eb',
  page: '#f4f4f5',
  line: '#e5e7eb',
};

type Composition = {
  mjml: string;
  slots: Slot[];
  links: Link[];
  subject: Template[] | string;
  text: Template[] | string | null;
  errors: Record<string, string>;
};

const mergeFields = 'lead.first_name, lead.last_name, lead.email, lead.company or lead.job_title';

/** The first line of a template error names the problem ("undefined variable: lead.frist_name, line:1, col:4"). */
function problemOf(error: LiquidError): string {
  const problem = error.message.split('\n')[0] ?? '';
  const tag = /^tag "([^"]+)" not found/.exec(problem)?.[1];
  if (tag) return `Merge tags cannot use {% ${tag} %}: use if, unless, case, assign or comment`;
  const variable = /^undefined variable: ([^,]+)/.exec(problem)?.[1];
  if (variable) return `There is no merge field ${variable}: use ${mergeFields}`;
  return `Check the merge tags: ${problem}`;
}

/**
 * Turns the content into MJML with markers where the lead's words and links go, and the merge
 * templates that fill them; template problems are collected by field path, never thrown.
 */
function compose(content: CampaignContent, frame: CampaignFrame, check = true): Composition {
  const errors: Record<string, string> = {};
  const slots: Slot[] = [];
  const links: Link[] = [];
  /** Each template with the field it came from, for the check with sample leads. */
  const checks: { field: string; engine: Liquid; template: Template[] }[] = [];

  const fail = (field: string, error: unknown) => {
    if (!(error instanceof LiquidError)) throw error;
    errors[field] ??= problemOf(error);
  };
  const parse = (engine: Liquid, source: string, field: string): Template[] | string => {
    try {
      const template = engine.parse(source);
      checks.push({ field, engine, template });
      return template;
    } catch (error) {
      fail(field, error);
      return '';
    }
  };
  const addSlot = (slot: Slot) => slotMarker(slots.push(slot) - 1);
  const fixed = (html: string, text: string) => addSlot({ html, text });

  const addLink = (written: string, field: string): number => {
    const source = written.trim();
    const template = /\{[{%]/.test(source) ? parse(textEngine, source, field) : source;
    return links.push({ source, template: typeof template === 'string' ? null : template }) - 1;
  };

  /** An author's words with their merge tags (and, for text blocks, their links) as one slot. */
  const merged = (written: string, field: string, shape: Shape, hidden = false): string => {
    const source = withoutNul(written.replace(/\r\n?/g, '\n')).trim();
    let parts: Part[];
    try {
      parts = partsOf(source, shape === 'paragraphs');
    } catch (error) {
      fail(field, error);
      return fixed('', '');
    }
    let htmlSource = '';
    let textSource = '';
    let hasTags = false;
    let hasLinks = false;
    for (const part of parts) {
      if (part.kind === 'link') {
        const marker = linkMarker(addLink(part.source, field));
        htmlSource += marker;
        textSource += marker;
        hasLinks = true;
      } else if (part.kind === 'tag') {
        htmlSource += part.text;
        textSource += part.text;
        hasTags = true;
      } else {
        htmlSource += wordsToHtml(part.text, shape);
        textSource += wordsToText(part.text, shape);
      }
    }
    const html = hasTags ? parse(htmlEngine, htmlSource, field) : htmlSource;
    const text = hasTags ? parse(textEngine, textSource, field) : textSource;
    if (!hasTags && !hasLinks) return addSlot({ html: html as string, text: text as string, hidden });
    const withLinks = (output: string, place: string[]) =>
      hasLinks ? output.replace(linkMarkers, (_, index: string) => place[Number(index)] ?? '') : output;
    return addSlot({
      html: (state) => withLinks(render(htmlEngine, html, state.scope), state.linkHtml),
      text: (state) => withLinks(render(textEngine, text, state.scope), state.linkText),
      hidden,
    });
  };

  const subjectSource = withoutNul(content.subject).trim();
  const subject = /\{[{%]/.test(subjectSource)
    ? parse(textEngine, subjectSource, 'content.subject')
    : subjectSource;
  const text =
    content.text === null
      ? null
      : /\{[{%]/.test(content.text)
        ? parse(textEngine, withoutNul(content.text), 'content.text')
        : withoutNul(content.text);

  const block = (item: EmailBlock | ColumnBlock, path: string): string => {
    switch (item.type) {
      case 'heading': {
        const size = item.level === 1 ? '28px' : '22px';
        return `<mj-text><h${item.level} style="margin:0;font-size:${size};line-height:1.25;font-weight:700">${merged(item.text, `${path}.text`, 'lines')}</h${item.level}></mj-text>`;
      }
      case 'text':
        return `<mj-text><p style="margin:0">${merged(item.text, `${path}.text`, 'paragraphs')}</p></mj-text>`;
      case 'image': {
        const href = item.href ? ` href="${hrefMarker(addLink(item.href, `${path}.href`))}"` : '';
        const src = fixed(escapeHtml(item.src), item.src);
        return `<mj-image src="${src}" alt="${merged(item.alt, `${path}.alt`, 'line')}"${href} />`;
      }
      case 'button':
        return `<mj-button href="${hrefMarker(addLink(item.href, `${path}.href`))}">${merged(item.label, `${path}.label`, 'line')}</mj-button>`;
      case 'divider':
        return `<mj-divider border-width="1px" border-color="${theme.line}" />`;
      case 'columns':
        // MJML stacks the columns on narrow screens.
        return `<mj-section>${item.columns
          .map(
            (column, side) =>
              `<mj-column>${column.map((inner, at) => block(inner, `${path}.columns.${side}.${at}`)).join('')}</mj-column>`,
          )
          .join('')}</mj-section>`;
    }
  };

  const sections: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length) sections.push(`<mj-section><mj-column>${run.join('')}</mj-column></mj-section>`);
    run = [];
  };
  content.blocks.forEach((item, at) => {
    const mjml = block(item, `content.blocks.${at}`);
    if (item.type === 'columns') {
      endRun();
      sections.push(mjml);
    } else run.push(mjml);
  });
  endRun();

  const title = addSlot({ html: (state) => escapeHtml(state.subject), text: '', hidden: true });
  // The preheader: shown by inboxes after the subject, hidden in the message itself.
  const preview = content.previewText.trim()
    ? `<mj-preview>${merged(content.previewText, 'content.previewText', 'line', true)}</mj-preview>`
    : '';
  const footer = [
    `<p style="margin:0">${fixed(wordsToHtml(frame.workspaceName, 'line'), frame.workspaceName)}</p>`,
    frame.postalAddress.trim()
      ? `<p style="margin:4px 0 0">${fixed(wordsToHtml(frame.postalAddress.trim(), 'lines'), frame.postalAddress.trim())}</p>`
      : '',
    `<p style="margin:12px 0 0"><a href="${addSlot({ html: (state) => escapeHtml(state.message.unsubscribeUrl), text: (state) => state.message.unsubscribeUrl })}" style="color:${theme.muted};text-decoration:underline" target="_blank">Unsubscribe</a></p>`,
  ].join('');
  const pixel = addSlot({
    html: ({ message }) =>
      message.pixelUrl
        ? `<img src="${escapeHtml(message.pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`
        : '',
    text: '',
    hidden: true,
  });

  const mjml = `<mjml lang="en">
<mj-head>
<mj-title>${title}</mj-title>
${preview}
<mj-attributes>
<mj-all font-family="${theme.fonts}" />
<mj-text font-size="16px" line-height="1.5" color="${theme.text}" />
<mj-button background-color="${theme.accent}" color="#ffffff" font-size="16px" font-weight="600" border-radius="6px" inner-padding="12px 24px" />
<mj-section padding="8px 0" />
</mj-attributes>
</mj-head>
<mj-body background-color="${theme.page}">
<mj-wrapper background-color="#ffffff" padding="16px 0">${sections.join('\n')}</mj-wrapper>
<mj-section padding="16px 0"><mj-column><mj-text align="center" font-size="12px" line-height="1.5" color="${theme.muted}">${footer}</mj-text></mj-column></mj-section>
<mj-raw>${pixel}</mj-raw>
</mj-body>
</mjml>`;

  // Every template must fill in for any lead: checked with sample ones, typos included.
  for (const { field, engine, template } of check ? checks : []) {
    if (errors[field]) continue;
    for (const scope of sampleScopes) {
      try {
        engine.renderSync(template, scope);
      } catch (error) {
        fail(field, error);
        break;
      }
    }
  }

  return { mjml, slots, links, subject, text, errors };
}

/** The template checks alone, for saving drafts: {} when every merge tag fills in. */
export function checkCampaignContent(content: CampaignContent): Record<string, string> {
  return compose(content, { workspaceName: '', postalAddress: '' }).errors;
}

/** A link's merged target for this lead: '' when it is no web or mail address. */
const targetOf = (link: Link, scope: Scope) =>
  linkTarget(render(textEngine, link.template ?? link.source, scope));

/**
 * The message's link targets without compiling it (cheap enough for each click): as written, or
 * merged for one lead, numbered as `render` numbers them.
 */
export function campaignLinkTargets(content: CampaignContent, lead?: MergeLead): string[] {
  const { links } = compose(content, { workspaceName: '', postalAddress: '' }, false);
  if (!lead) return links.map((link) => link.source);
  const scope = scopeOf(lead);
  return links.map((link) => targetOf(link, scope));
}

/** Splits compiled output at its markers; runs of fixed text are joined once, here. */
function piecesOf(compiled: string, pattern: RegExp, piece: (match: RegExpExecArray) => Output): Output[] {
  const pieces: Output[] = [];
  let fixedText = '';
  let at = 0;
  for (const match of compiled.matchAll(pattern)) {
    fixedText += compiled.slice(at, match.index);
    at = match.index + match[0].length;
    const output = piece(match);
    if (typeof output === 'string') fixedText += output;
    else {
      pieces.push(fixedText, output);
      fixedText = '';
    }
  }
  pieces.push(fixedText + compiled.slice(at));
  return pieces;
}

const join = (pieces: Output[], state: LeadState) => {
  let out = '';
  for (const piece of pieces) out += typeof piece === 'string' ? piece : piece(state);
  return out;
};

/**
 * The text part as html-to-text makes it from the HTML, computed once: markers are single words,
 * so they come through where the lead's words go. Headings keep their case, images give their alt
 * text, and lines are not wrapped (a merged name would shift them).
 */
function textOf(html: string): string {
  const text = convert(html, {
    wordwrap: false,
    formatters: {
      altText: (element, _walk, builder) => {
        const alt = (element as { attribs?: Record<string, string> }).attribs?.alt;
        if (alt) builder.addInline(alt);
      },
    },
    selectors: [
      { selector: 'img', format: 'altText' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
    ],
  });
  // Layout tables and hidden parts leave runs of empty lines behind.
  return `${text.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

const slotPattern = /ATRS(\d+)X/g;

/**
 * Compiles the campaign once (blocks -> MJML -> HTML, and the text part from that HTML); each
 * recipient then costs only the merge of the lead's fields and links into the compiled pieces.
 * 422 with the field paths when a merge tag does not fill in.
 */
export async function prepareCampaign(
  content: CampaignContent,
  frame: CampaignFrame,
): Promise<PreparedCampaign> {
  const composition = compose(content, frame);
  if (Object.keys(composition.errors).length) {
    throw new AppError(
      'unprocessable',
      'The message has a merge tag that cannot be filled in',
      composition.errors,
    );
  }
  const { slots, links } = composition;
  // Loaded on first use: MJML and its dependencies are large, and only sending needs them.
  const { default: mjml2html } = await import('mjml');
  const { html: compiled } = await mjml2html(composition.mjml, {
    validationLevel: 'soft',
    fonts: {},
    keepComments: false,
  });

  const slotAt = (index: string) => {
    const slot = slots[Number(index)];
    if (!slot) throw new Error(`Unknown slot ${index} in the compiled campaign`);
    return slot;
  };
  const htmlPieces = piecesOf(compiled, /\s+href="ATRH(\d+)X"|ATRS(\d+)X/g, (match) => {
    if (match[1] !== undefined) {
      const index = Number(match[1]);
      return (state) => {
        const href = state.hrefs[index];
        return href ? ` href="${escapeHtml(href)}"` : '';
      };
    }
    return slotAt(match[2] ?? '').html;
  });

  // The text part is made from the HTML with the markers still in (hidden and empty ones left out,
  // so an image without alt text shows its bare link); each marker then takes its slot's own
  // text, so no author's words are ever read as a marker.
  const textSource = compiled.replace(slotPattern, (marker, index: string) => {
    const slot = slotAt(index);
    return slot.hidden || slot.text === '' ? '' : marker;
  });
  // A link shows as "words [address]", or as the bare address when it has no words (an image
  // without alt text).
  const textPieces = piecesOf(textOf(textSource), /( ?)\[ATRH(\d+)X\]|ATRH(\d+)X|ATRS(\d+)X/g, (match) => {
    const [, space = '', bracketed, bare, slot] = match;
    if (bracketed !== undefined || bare !== undefined) {
      const index = Number(bracketed ?? bare);
      return (state) => {
        const href = state.hrefs[index];
        if (!href) return '';
        return bare === undefined ? `${space}[${href}]` : href;
      };
    }
    return slotAt(slot ?? '').text;
  });

  const footerText = [frame.workspaceName, frame.postalAddress.trim()].filter(Boolean).join('\n');

  return {
    links: links.map((link) => link.source),

    render(lead, message) {
      const scope = scopeOf(lead);
      const subject = render(textEngine, composition.subject, scope).replace(lineBreaks, ' ').trim();
      const state: LeadState = {
        scope,
        message,
        subject,
        targets: [],
        hrefs: [],
        linkHtml: [],
        linkText: [],
      };
      const { trackedLink } = message;
      links.forEach((link, index) => {
        const written = render(textEngine, link.template ?? link.source, scope);
        const target = linkTarget(written);
        // mailto links cannot go through a redirect; they stay as written.
        const href = !target ? null : trackedLink && /^https?:/i.test(target) ? trackedLink(index) : target;
        state.targets.push(target);
        state.hrefs.push(href);
        const shown = target || written.trim();
        state.linkHtml.push(
          href
            ? `<a href="${escapeHtml(href)}" style="${linkStyle}" target="_blank">${escapeHtml(shown)}</a>`
            : escapeHtml(shown),
        );
        state.linkText.push(href && href !== shown ? `${shown} [${href}]` : shown);
      });
      const text =
        composition.text === null
          ? join(textPieces, state)
          : `${render(textEngine, composition.text, scope).trim()}\n\n${footerText}\nUnsubscribe: ${message.unsubscribeUrl}\n`;
      return { subject, html: join(htmlPieces, state), text, links: state.targets };
    },
  };
}
