import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignContent, EmailBlock } from '@atrium/shared';
import { AppError } from '../../platform/errors/app-error';
import {
  campaignLinkTargets,
  checkCampaignContent,
  prepareCampaign,
  type MergeLead,
  type MessageLinks,
} from './campaign-render';

const frame = { workspaceName: 'Northwind & Co', postalAddress: '1 Harbour Road\nPortsmouth' };
const lead: MergeLead = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  company: null,
  jobTitle: null,
};
const plainLinks: MessageLinks = {
  unsubscribeUrl: 'https://atrium.test/m/u/token-1',
  pixelUrl: null,
  trackedLink: null,
};
const trackedLinks: MessageLinks = {
  unsubscribeUrl: 'https://atrium.test/m/u/token-1',
  pixelUrl: 'https://atrium.test/m/o/token-1',
  trackedLink: (index) => `https://atrium.test/m/c/token-1/${index}`,
};

function content(blocks: EmailBlock[], changes: Partial<CampaignContent> = {}): CampaignContent {
  return { subject: 'News', previewText: '', blocks, text: null, ...changes };
}
const textBlock = (text: string) => ({ type: 'text' as const, id: 't', text });

async function refusal(value: CampaignContent): Promise<AppError> {
  const error: unknown = await prepareCampaign(value, frame).then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!(error instanceof AppError)) throw new Error('expected the campaign to be refused');
  return error;
}

describe('campaign messages (issue 23: blocks to responsive HTML and a text part, merged per lead)', () => {
  // The first campaign loads MJML, which takes seconds on a busy machine; the tests then do not.
  beforeAll(() => prepareCampaign(content([]), frame), 60_000);

  it('merges the lead’s name, with a default where it is empty', async () => {
    const prepared = await prepareCampaign(
      content(
        [
          textBlock(
            'Hi {{ lead.first_name | default: "there" }} from {{ lead.company | default: "your team" }},',
          ),
        ],
        {
          subject: 'Hello {{ lead.first_name | default: "there" }}',
        },
      ),
      frame,
    );
    const ann = prepared.render(lead, plainLinks);
    expect(ann.subject).toBe('Hello Ann');
    expect(ann.html).toContain('Hi Ann from your team,');
    expect(ann.text).toContain('Hi Ann from your team,');

    const nameless = prepared.render({ ...lead, firstName: '', company: 'Acme' }, plainLinks);
    expect(nameless.subject).toBe('Hello there');
    expect(nameless.text).toContain('Hi there from Acme,');
  });

  it('refuses a typo in a merge tag, naming the field', async () => {
    const value = content(
      [
        { type: 'heading', id: 'h', text: 'Welcome', level: 1 },
        textBlock('Hi {{ lead.frist_name }}'),
        {
          type: 'columns',
          id: 'c',
          columns: [
            [],
            [
              {
                type: 'button',
                id: 'b',
                label: 'Go, {{ lead.first_name | upcas }}',
                href: 'https://example.com',
              },
            ],
          ],
        },
      ],
      { subject: 'Hi {{ lead.name }}' },
    );
    const fields = checkCampaignContent(value);
    expect(Object.keys(fields).sort()).toEqual([
      'content.blocks.1.text',
      'content.blocks.2.columns.1.0.label',
      'content.subject',
    ]);
    expect(fields['content.blocks.1.text']).toContain('lead.frist_name');

    const error = await refusal(value);
    expect(error.status).toBe(422);
    expect(error.fields).toEqual(fields);
    expect(checkCampaignContent(content([textBlock('Hi {{ lead.first_name }}')]))).toEqual({});
  });

  it('reads nothing but the lead: no files, no code, no walking through objects', async () => {
    const refused = [
      "{% include 'x' %}",
      "{% render 'x' %}",
      "{% layout 'x' %}",
      '{{ lead.constructor }}',
      '{{ lead.__proto__ }}',
      "{{ lead['__proto__'] }}",
      '{{ lead.email.constructor.name }}',
      '{{ constructor }}',
      '{{ process.env }}',
      '{% raw %}<b>{% endraw %}',
      '{{ "<b>" | raw }}',
      '{% for i in (1..1000000) %}x{% endfor %}',
      '{% capture x %}{{ lead.email }}{% endcapture %}',
    ];
    for (const text of refused) {
      expect(checkCampaignContent(content([textBlock(text)])), text).toHaveProperty([
        'content.blocks.0.text',
      ]);
    }
    await expect(prepareCampaign(content([textBlock("{% include 'x' %}")]), frame)).rejects.toThrow(AppError);

    const allowed =
      '{% # a note %}{% comment %}x{% endcomment %}{% assign name = lead.first_name | upcase %}' +
      '{% case lead.company %}{% when nil %}{{ name }}' +
      '{% else %}co{% endcase %}{% unless lead.job_title %}!{% endunless %}';
    expect(checkCampaignContent(content([textBlock(allowed)]))).toEqual({});
    expect(
      (await prepareCampaign(content([textBlock(allowed)]), frame)).render(lead, plainLinks).text,
    ).toContain('ANN!');

    // What is allowed prints the lead's own fields at most, escaped.
    const prepared = await prepareCampaign(content([textBlock('{{ lead | json }}|{{ lead }}')]), frame);
    const { html } = prepared.render({ ...lead, firstName: '<b>Ann</b>' }, plainLinks);
    expect(html).toContain(
      '{&quot;first_name&quot;:&quot;&lt;b&gt;Ann&lt;/b&gt;&quot;,&quot;last_name&quot;',
    );
    expect(html).toContain('|[object Object]');
  });

  it('escapes the lead’s words in the HTML, not in the text part; the subject stays one line', async () => {
    const prepared = await prepareCampaign(
      content(
        [
          textBlock('Hello {{ lead.first_name }} <i>as written</i>'),
          { type: 'image', id: 'i', src: 'https://cdn.example.com/a.png', alt: 'For {{ lead.first_name }}' },
        ],
        { subject: 'For {{ lead.first_name }}' },
      ),
      frame,
    );
    const message = prepared.render({ ...lead, firstName: '<script>alert(1)</script>"\nx' }, plainLinks);
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain(
      'Hello &lt;script&gt;alert(1)&lt;/script&gt;&quot;\nx &lt;i&gt;as written&lt;/i&gt;',
    );
    expect(message.html).toContain('alt="For &lt;script&gt;alert(1)&lt;/script&gt;&quot;\nx"');
    expect(message.text).toContain('Hello <script>alert(1)</script>"\nx <i>as written</i>');
    expect(message.subject).toBe('For <script>alert(1)</script>" x');
    expect(message.html).toContain('<title>For &lt;script&gt;');
  });

  it('keeps paragraphs and line breaks of a text block', async () => {
    const prepared = await prepareCampaign(content([textBlock('One\ntwo\n\nThree')]), frame);
    const { html, text } = prepared.render(lead, plainLinks);
    expect(html).toMatch(/<p style="margin:0">One<br>two<\/p><p style="margin:16px 0 0">Three<\/p>/);
    expect(text).toContain('One\ntwo\n\nThree');

    // Words that look like the renderer's own markers stay words.
    const lookalike = await prepareCampaign(
      content([textBlock('ATRS0X ATRH0X \u0000 {{ lead.email }} ATRS1X')]),
      frame,
    );
    const message = lookalike.render(lead, trackedLinks);
    expect(message.html).toContain('ATRS0X ATRH0X  ann@example.com ATRS1X');
    expect(message.text).toContain('ATRS0X ATRH0X  ann@example.com ATRS1X');
  });

  const linked = content([
    { type: 'button', id: 'b', label: 'Read it', href: 'https://example.com/read?who={{ lead.email }}' },
    {
      type: 'image',
      id: 'i',
      src: 'https://cdn.example.com/a.png',
      alt: '',
      href: 'https://example.com/image',
    },
    textBlock('Write to mailto:hello@example.com or see https://example.com/page/{{ lead.last_name }}.'),
  ]);

  it('sends each web link through its tracked address, numbered in message order', async () => {
    const prepared = await prepareCampaign(linked, frame);
    expect(prepared.links).toEqual([
      'https://example.com/read?who={{ lead.email }}',
      'https://example.com/image',
      'mailto:hello@example.com',
      'https://example.com/page/{{ lead.last_name }}',
    ]);
    const message = prepared.render(lead, trackedLinks);
    expect(message.links).toEqual([
      'https://example.com/read?who=ann@example.com',
      'https://example.com/image',
      'mailto:hello@example.com',
      'https://example.com/page/Lee',
    ]);
    for (const index of [0, 1, 3]) {
      expect(message.html).toContain(`href="https://atrium.test/m/c/token-1/${index}"`);
    }
    expect(message.text).toMatch(/^https:\/\/atrium\.test\/m\/c\/token-1\/1$/m);
    expect(message.html).not.toContain('/m/c/token-1/2');
    expect(message.html).not.toContain('href="https://example.com');
    // The words of a text block's link are its target; mail links are not tracked.
    expect(message.html).toContain('>https://example.com/page/Lee</a>.');
    expect(message.html).toContain('<a href="mailto:hello@example.com"');
    expect(message.text).toContain('Read it [https://atrium.test/m/c/token-1/0]');
    expect(message.text).toContain('see https://example.com/page/Lee [https://atrium.test/m/c/token-1/3].');

    // The tracking redirect finds the same targets without compiling the message.
    expect(campaignLinkTargets(linked)).toEqual(prepared.links);
    expect(campaignLinkTargets(linked, lead)).toEqual(message.links);

    const untracked = prepared.render(lead, plainLinks);
    expect(untracked.html).toContain('href="https://example.com/read?who=ann@example.com"');
    expect(untracked.html).toContain('href="https://example.com/page/Lee"');
    expect(untracked.html).not.toContain('/m/c/');
  });

  it('drops a link that is no web or mail address once merged', async () => {
    const buttons = content([
      { type: 'button', id: 'b', label: 'Open', href: '{{ lead.company }}' },
      { type: 'button', id: 'c', label: 'Site', href: 'https://example.com' },
    ]);
    const prepared = await prepareCampaign(buttons, frame);
    const scripted = { ...lead, company: 'javascript:alert(1)' };
    const message = prepared.render(scripted, trackedLinks);
    expect(message.links).toEqual(['', 'https://example.com']);
    expect(campaignLinkTargets(buttons, scripted)).toEqual(message.links);
    expect(message.html).not.toContain('javascript:');
    expect(message.html).not.toContain('/m/c/token-1/0');
    expect(message.html).toContain('href="https://atrium.test/m/c/token-1/1"');
    expect(message.html).toMatch(/Open\s*<\/a>/);
    expect(message.text).toMatch(/^Open$/m);

    const web = prepared.render({ ...lead, company: 'https://acme.example' }, plainLinks);
    expect(web.links[0]).toBe('https://acme.example');
    expect(web.html).toContain('href="https://acme.example"');
  });

  it('ends with the workspace, its address and an unsubscribe link, and the pixel when asked', async () => {
    const prepared = await prepareCampaign(content([textBlock('Hello')]), frame);
    const tracked = prepared.render(lead, trackedLinks);
    expect(tracked.html).toContain('Northwind &amp; Co');
    expect(tracked.html).toContain('1 Harbour Road<br>Portsmouth');
    expect(tracked.html).toMatch(/<a href="https:\/\/atrium\.test\/m\/u\/token-1"[^>]*>Unsubscribe<\/a>/);
    expect(tracked.text).toContain('Northwind & Co');
    expect(tracked.text).toContain('Unsubscribe [https://atrium.test/m/u/token-1]');
    expect(tracked.html).toMatch(
      /<img src="https:\/\/atrium\.test\/m\/o\/token-1" width="1" height="1" alt=""/,
    );
    expect(tracked.text).not.toContain('/m/o/');

    const plain = prepared.render(lead, plainLinks);
    expect(plain.html).not.toContain('/m/o/');
  });

  it('puts the preview text in a hidden preheader, not in the text part', async () => {
    const prepared = await prepareCampaign(
      content([textBlock('Body')], { previewText: 'Three new things for {{ lead.first_name }}' }),
      frame,
    );
    const message = prepared.render(lead, plainLinks);
    expect(message.html).toMatch(/<div style="display:none;[^"]*">Three new things for Ann<\/div>/);
    expect(message.text).not.toContain('Three new things');
  });

  it('lays columns side by side, to stack on phones, with images responsive and their alt text', async () => {
    const prepared = await prepareCampaign(
      content([
        { type: 'heading', id: 'h', text: 'Our news', level: 2 },
        { type: 'divider', id: 'd' },
        {
          type: 'columns',
          id: 'c',
          columns: [
            [textBlock('Left words')],
            [{ type: 'image', id: 'i', src: 'https://cdn.example.com/a.png?w=1&h=2', alt: '' }],
          ],
        },
      ]),
      frame,
    );
    const { html, text } = prepared.render(lead, plainLinks);
    expect(html.match(/class="mj-column-per-50 /g)).toHaveLength(2);
    expect(html).toContain('@media only screen and (min-width:480px)');
    expect(html).toContain('Left words');
    expect(html).toMatch(
      /<img\s+alt="" src="https:\/\/cdn\.example\.com\/a\.png\?w=1&amp;h=2" style="[^"]*width:100%/,
    );
    expect(html).toMatch(/<h2 style="[^"]*">Our news<\/h2>/);
    expect(text).toContain('Our news');
    expect(text).toContain('Left words');
    expect(html).not.toMatch(/ATR[SH]\d+X/);
  });

  it('uses the edited text part when there is one, merged without escaping', async () => {
    const prepared = await prepareCampaign(
      content([textBlock('The HTML words')], { text: 'Plain words for {{ lead.first_name }} & co' }),
      frame,
    );
    const message = prepared.render({ ...lead, firstName: '<Ann>' }, trackedLinks);
    expect(message.text).toMatch(/^Plain words for <Ann> & co\n/);
    expect(message.text).not.toContain('The HTML words');
    expect(message.text).toContain('Unsubscribe: https://atrium.test/m/u/token-1');
    expect(message.html).toContain('The HTML words');
    expect(checkCampaignContent(content([], { text: '{{ lead.nickname }}' }))).toHaveProperty([
      'content.text',
    ]);
  });
});
