import { useRef } from 'react';
import { Button, Col, Input, Row, Space, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { MARKDOWN_TOOLBAR } from '@waystation/shared/contract/help';
import { renderMarkdown } from '@waystation/shared/help/markdown';
import { useHelpMessages } from './messages';

type Tool = (typeof MARKDOWN_TOOLBAR)[number];

type Texts = ReturnType<typeof useHelpMessages>;
/** Each toolbar action: wrap the selection, or prefix every selected line (labels and placeholders are message keys). */
const TOOLS: Record<Tool, { label: keyof Texts; text: string; wrap?: [string, string]; prefix?: (i: number) => string; placeholder: keyof Texts | null }> = {
  heading: { label: 'title', text: 'H', prefix: () => '## ', placeholder: 'title' },
  bold: { label: 'bold', text: 'B', wrap: ['**', '**'], placeholder: 'bold' },
  italic: { label: 'italic', text: 'I', wrap: ['*', '*'], placeholder: 'italic' },
  strikethrough: { label: 'strikethrough', text: 'S', wrap: ['~~', '~~'], placeholder: 'strikethrough' },
  quote: { label: 'quote', text: '❝', prefix: () => '> ', placeholder: 'quote' },
  unorderedList: { label: 'bulletedList', text: '•', prefix: () => '- ', placeholder: 'listItem' },
  orderedList: { label: 'numberedList', text: '1.', prefix: (i) => `${i + 1}. `, placeholder: 'listItem' },
  code: { label: 'code', text: '</>', wrap: ['`', '`'], placeholder: null },
};

/** Applies one toolbar action to text with a selection; returns the new text and selection. */
export function applyTool(tool: Tool, text: string, start: number, end: number, m?: Texts): { text: string; start: number; end: number } {
  const t = TOOLS[tool];
  const placeholder = t.placeholder === null ? 'code' : (m?.[t.placeholder] ?? t.placeholder);
  const selected = text.slice(start, end) || placeholder;
  if (t.wrap) {
    const [a, b] = t.wrap;
    // A multi-line selection gets a fenced block instead of inline code.
    if (tool === 'code' && selected.includes('\n')) {
      const block = `\n\`\`\`\n${selected}\n\`\`\`\n`;
      return { text: text.slice(0, start) + block + text.slice(end), start: start + 5, end: start + 5 + selected.length };
    }
    return { text: text.slice(0, start) + a + selected + b + text.slice(end), start: start + a.length, end: start + a.length + selected.length };
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const body = text.slice(lineStart, end) || placeholder;
  const lines = body
    .split('\n')
    .map((l, i) => t.prefix!(i) + l)
    .join('\n');
  return { text: text.slice(0, lineStart) + lines + text.slice(end), start: lineStart, end: lineStart + lines.length };
}

/** Markdown editor: the SPEC's toolbar (exactly heading … code), a text area and a live sanitized preview. */
export function MarkdownEditor({ value = '', onChange, extra }: { value?: string; onChange?: (v: string) => void; extra?: React.ReactNode }) {
  const m = useHelpMessages();
  const ref = useRef<TextAreaRef>(null);
  const run = (tool: Tool) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = applyTool(tool, value, start, end, m);
    onChange?.(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <div className="markdown-editor">
      <Space wrap style={{ marginBottom: 8 }}>
        <div role="toolbar" aria-label={m.markdownToolbar} style={{ display: 'inline-flex' }}>
          <Space.Compact>
            {MARKDOWN_TOOLBAR.map((tool) => (
              <Tooltip key={tool} title={m[TOOLS[tool].label]}>
                <Button
                  aria-label={m[TOOLS[tool].label]}
                  onClick={() => run(tool)}
                  style={
                    tool === 'italic'
                      ? { fontStyle: 'italic' }
                      : tool === 'strikethrough'
                        ? { textDecoration: 'line-through' }
                        : tool === 'bold'
                          ? { fontWeight: 700 }
                          : undefined
                  }
                >
                  {TOOLS[tool].text}
                </Button>
              </Tooltip>
            ))}
          </Space.Compact>
        </div>
        {extra}
      </Space>
      <Row gutter={16}>
        <Col span={12}>
          <Input.TextArea
            ref={ref}
            value={value}
            onChange={(e) => onChange?.(e.target.value)}
            autoSize={{ minRows: 18 }}
            aria-label={m.articleTextMarkdown}
            style={{ fontFamily: 'monospace' }}
          />
        </Col>
        <Col span={12}>
          {/* renderMarkdown escapes raw HTML and drops unsafe URLs: the same renderer the server stores for readers. */}
          <div
            className="markdown-preview"
            data-testid="markdown-preview"
            style={{ border: '1px solid #eee', borderRadius: 6, padding: 12, minHeight: 400, overflow: 'auto' }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the markdown renderer's output, escaped as said above
            dangerouslySetInnerHTML={{ __html: renderMarkdown(value) }}
          />
        </Col>
      </Row>
    </div>
  );
}
