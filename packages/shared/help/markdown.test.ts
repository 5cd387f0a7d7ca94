import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

/** Classic XSS vectors written into markdown by an editor (or pasted from elsewhere). */
const CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com/"onmouseover="alert(1))',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '```\n</code><script>alert(1)</script>\n```',
  '`<script>alert(1)</script>`',
  '> <script>alert(1)</script>',
  '* <b onclick="alert(1)">x</b>',
  '<details open ontoggle=alert(1)>',
  '[x](//evil.example.com)',
  'https://example.com/<script>alert(1)</script>',
  '<!-- --><script>alert(1)</script>',
  '<object data="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
];

/** The rendered HTML as a reader's browser would see it: tags, attributes and URL-bearing attributes. */
function dangerous(html: string): string[] {
  const found: string[] = [];
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  for (const tag of tags) {
    const name = /^<([a-z0-9]+)/i.exec(tag)![1].toLowerCase();
    if (
      ![
        'p',
        'a',
        'img',
        'code',
        'pre',
        'blockquote',
        'ul',
        'ol',
        'li',
        'em',
        'strong',
        's',
        'h1',
        'h2',
        'h3',
        'h4',
        'h5',
        'h6',
        'br',
        'hr',
        'table',
        'thead',
        'tbody',
        'tr',
        'th',
        'td',
      ].includes(name)
    )
      found.push(`tag ${name}`);
    for (const [, attr, value] of tag.matchAll(/\s([a-z-]+)="([^"]*)"/gi)) {
      if (/^on/i.test(attr)) found.push(`handler ${attr}`);
      if (['href', 'src'].includes(attr.toLowerCase()) && !/^(https?:|mailto:|\/(?!\/)|#)/i.test(value)) found.push(`url ${value}`);
      if (attr.toLowerCase() === 'style') found.push('style');
    }
  }
  return found;
}

describe('help article markdown rendering', () => {
  it.each(CORPUS)('neutralises %s', (input) => {
    const html = renderMarkdown(input);
    expect(dangerous(html), html).toEqual([]);
  });

  it('renders what the toolbar produces', () => {
    const html = renderMarkdown(
      '## 标题\n\n**粗** *斜* ~~删~~\n\n> 引用\n\n- 甲\n- 乙\n\n1. 一\n2. 二\n\n`code`\n\n[链接](https://example.com) ![图](/api/upload/file/help/a.png)',
    );
    for (const part of [
      '<h2>标题</h2>',
      '<strong>粗</strong>',
      '<em>斜</em>',
      '<s>删</s>',
      '<blockquote>',
      '<ul>',
      '<ol>',
      '<code>code</code>',
      'href="https://example.com"',
      'rel="noopener noreferrer nofollow"',
      'src="/api/upload/file/help/a.png"',
    ]) {
      expect(html).toContain(part);
    }
  });
});
