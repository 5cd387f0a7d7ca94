import MarkdownIt from 'markdown-it';

/**
 * The one markdown renderer of help articles. Raw HTML is disabled (it is escaped, never passed through),
 * and markdown-it's link validation drops javascript:, vbscript:, file: and non-image data: URLs, so no
 * script or event handler can reach a reader. The server (stored articles) and the editor's preview both use it.
 */
const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;
const defaultValidate = md.validateLink.bind(md);
md.validateLink = (url) => defaultValidate(url) && SAFE_URL.test(url.trim());

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('target', '_blank');
  tokens[idx].attrSet('rel', 'noopener noreferrer nofollow');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
