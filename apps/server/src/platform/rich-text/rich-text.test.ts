import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeArticleHtml, sanitizeRichText } from './rich-text';

// Issue 21: an agent's formatting is kept to what the editor makes; its text is what search reads.
describe('sanitizeRichText', () => {
  it('keeps the formatting the editor makes', () => {
    const html =
      '<p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <code>f</code><br></p>' +
      '<ul><li><p>g</p></li></ul><ol start="2"><li><p>h</p></li></ol><blockquote><p>i</p></blockquote><pre><code>j</code></pre>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts with their content, event handlers, styles, images and other elements', () => {
    expect(
      sanitizeRichText(
        '<h1 style="color:red" onclick="x()">Title</h1><p onmouseover="y()">Hi<script>alert(1)</script><img src="https://t.test/p.gif"><iframe src="https://e.test"></iframe></p><table><tr><td>cell</td></tr></table>',
      ),
    ).toBe('Title<p>Hi</p>cell');
  });

  it('keeps http, https and mailto links, forcing them to open apart; other schemes lose their address', () => {
    expect(
      sanitizeRichText(
        '<a href="https://a.test" target="_self" rel="opener">a</a><a href="mailto:b@c.test">b</a>' +
          '<a href="javascript:alert(1)">c</a><a href="//d.test">d</a><a href="data:text/html,x">e</a>',
      ),
    ).toBe(
      '<a href="https://a.test" target="_blank" rel="noopener noreferrer nofollow">a</a>' +
        '<a href="mailto:b@c.test" rel="noopener noreferrer nofollow" target="_blank">b</a>' +
        ['c', 'd', 'e']
          .map((text) => `<a rel="noopener noreferrer nofollow" target="_blank">${text}</a>`)
          .join(''),
    );
  });

  it('drops empty list items and quotes, which would read as text; keeps empty paragraphs', () => {
    expect(sanitizeRichText('<ul><li><p> </p></li></ul><blockquote><p></p></blockquote><p></p>')).toBe(
      '<p></p>',
    );
  });
});

describe('richTextToPlain', () => {
  it('reads paragraphs, one list item a line, quotes and link addresses', () => {
    expect(
      richTextToPlain(
        '<p>Hello <strong>there</strong>,<br />see <a href="https://help.test/x">the guide</a> or <a href="https://help.test">https://help.test</a></p>' +
          '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p>first</p></li></ol><blockquote><p>quoted</p></blockquote>',
      ),
    ).toBe(
      'Hello there,\nsee the guide [https://help.test/x] or https://help.test\n\n- one\n- two\n\n 1. first\n\n> quoted',
    );
  });

  it('is empty for markup without text', () => {
    expect(richTextToPlain('<p></p><p><br /></p>')).toBe('');
  });

  it("keeps a heading's words as written and a table's cells apart, for search snippets", () => {
    const plain = richTextToPlain(
      '<h2>Before you start</h2><table><tbody><tr><th>Light</th><th>Meaning</th></tr><tr><td>Green</td><td>Ready</td></tr></tbody></table>',
    );
    expect(plain).toContain('Before you start');
    expect(plain).toMatch(/Light\s+Meaning/);
    expect(plain).toMatch(/Green\s+Ready/);
  });
});

// Issue 22: articles are documents, with section headings and tables; replies keep the shorter list.
describe('sanitizeArticleHtml', () => {
  it('keeps headings and tables besides the reply formatting', () => {
    const html =
      '<h2>Set up</h2><h3>Step one</h3><p>A <strong>b</strong></p>' +
      '<table><thead><tr><th colspan="2">Plan</th></tr></thead><tbody><tr><td>Free</td><td></td></tr></tbody></table>';
    expect(sanitizeArticleHtml(html)).toBe(html);
    expect(sanitizeRichText('<h2>Set up</h2>')).toBe('Set up');
  });

  it('drops what replies drop: scripts, handlers, styles, other headings and unsafe links', () => {
    expect(
      sanitizeArticleHtml(
        '<h1>T</h1><h2 style="x" onclick="y()">S</h2><td onclick="z()">c</td><p>Hi<script>alert(1)</script></p><a href="javascript:x">l</a>',
      ),
    ).toBe('T<h2>S</h2><td>c</td><p>Hi</p><a rel="noopener noreferrer nofollow" target="_blank">l</a>');
  });

  it("keeps images only at an article image's own address, with their alt text", () => {
    const src = '/help/acme-demo/images/0b5f3a52-8f2e-4c1e-9d55-2f4b2a1c9e10';
    expect(sanitizeArticleHtml(`<p>See</p><img src="${src}" alt="The form" title="t" onerror="x()">`)).toBe(
      `<p>See</p><img src="${src}" alt="The form" />`,
    );
    for (const elsewhere of [
      `https://evil.test${src}`,
      `//evil.test${src}`,
      'data:image/png;base64,AA',
      '/api/v1/me',
    ]) {
      expect(sanitizeArticleHtml(`<p>A</p><img src="${elsewhere}">`), elsewhere).toBe('<p>A</p>');
    }
    expect(sanitizeRichText(`<img src="${src}">`)).toBe('');
    // An empty alt marks a decorative image: kept, not dropped as an empty attribute.
    expect(sanitizeArticleHtml(`<img src="${src}" alt="">`)).toBe(`<img src="${src}" alt="" />`);
    // Images add nothing to what search reads.
    expect(richTextToPlain(`<p>Before</p><img src="${src}" alt="The form"><p>After</p>`)).toBe(
      'Before\n\nAfter',
    );
  });
});
