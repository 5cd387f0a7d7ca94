import { describe, expect, it } from 'vitest';
import { MARKDOWN_TOOLBAR } from '@waystation/shared/contract/help';
import { applyTool } from './MarkdownEditor';

describe('markdown toolbar', () => {
  it('has exactly the SPEC buttons in order', () => {
    expect(MARKDOWN_TOOLBAR).toEqual(['heading', 'bold', 'italic', 'strikethrough', 'quote', 'unorderedList', 'orderedList', 'code']);
  });
  it('wraps the selection inline and selects the wrapped text', () => {
    expect(applyTool('bold', 'ab cd ef', 3, 5)).toEqual({ text: 'ab **cd** ef', start: 5, end: 7 });
    expect(applyTool('italic', 'x', 1, 1, { italic: '斜体' } as never).text).toBe('x*斜体*');
    expect(applyTool('strikethrough', 'old', 0, 3).text).toBe('~~old~~');
    expect(applyTool('code', 'run npm', 4, 7).text).toBe('run `npm`');
    expect(applyTool('code', 'a\nb', 0, 3).text).toBe('\n```\na\nb\n```\n');
  });
  it('prefixes every selected line for headings, quotes and lists', () => {
    expect(applyTool('heading', 'title', 2, 2).text).toBe('## title');
    expect(applyTool('quote', 'a\nb', 0, 3).text).toBe('> a\n> b');
    expect(applyTool('unorderedList', 'x\ny\nz', 2, 5).text).toBe('x\n- y\n- z');
    expect(applyTool('orderedList', 'a\nb', 0, 3).text).toBe('1. a\n2. b');
  });
});
