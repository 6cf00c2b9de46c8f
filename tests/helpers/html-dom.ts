/**
 * Reads a page's HTML as a DOM in integration tests (answers of the built server): elements by CSS selector with their
 * attributes and visible text, whitespace collapsed.
 */
import { parse, ELEMENT_NODE, TEXT_NODE } from 'ultrahtml';
import { querySelectorAll } from 'ultrahtml/selector';

interface HtmlNode {
  type: number;
  name?: string;
  value?: string;
  attributes?: Record<string, string>;
  children?: HtmlNode[];
}

export interface HtmlElement {
  attrs: Record<string, string>;
  text: string;
  all(selector: string): HtmlElement[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) =>
    code.startsWith('#x') || code.startsWith('#X')
      ? String.fromCodePoint(parseInt(code.slice(2), 16))
      : code.startsWith('#')
        ? String.fromCodePoint(Number(code.slice(1)))
        : (ENTITIES[code.toLowerCase()] ?? whole),
  );

function textOf(node: HtmlNode): string {
  if (node.type === TEXT_NODE) return decode(node.value ?? '');
  if (node.type === ELEMENT_NODE && (node.name === 'style' || node.name === 'script')) return '';
  return ` ${(node.children ?? []).map(textOf).join('')} `;
}

function element(node: HtmlNode): HtmlElement {
  return {
    attrs: Object.fromEntries(Object.entries(node.attributes ?? {}).map(([k, v]) => [k, decode(v)])),
    text: textOf(node).replace(/\s+/g, ' ').trim(),
    all: (selector) => (querySelectorAll(node as never, selector) as HtmlNode[]).map(element),
  };
}

/** The document as an element to query. */
export function parseHtml(html: string): HtmlElement {
  return element(parse(html) as HtmlNode);
}
