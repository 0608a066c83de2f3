/**
 * A blog post's Markdown as the HTML built into its page: rendered with marked, then sanitised, so a
 * post written in admin can format text, link and show images but never run a script, load a frame
 * or style the page (issue 8). Only http(s), mailto and tel links; root-relative links stay.
 */
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'code', 'pre', 'blockquote',
    'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'del', 'sup', 'sub',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // A heading level 1 belongs to the page; a post's own top heading becomes a level 2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** The sanitised HTML of a post's Markdown. */
export async function postHtml(markdown: string): Promise<string> {
  return sanitizeHtml(await marked.parse(markdown, { async: true }), {
    ...allowed,
    allowedAttributes: { ...allowed.allowedAttributes, a: ['href', 'title', 'rel'] },
  });
}
