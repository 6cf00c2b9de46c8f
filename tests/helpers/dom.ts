/**
 * Parses HTML (a rendered component or a page the server answered) and queries it with CSS selectors; text is read
 * as a person sees it (whitespace collapsed, entities decoded, block boxes separated).
 */
import { parse, ELEMENT_NODE, TEXT_NODE } from 'ultrahtml';
import { querySelectorAll } from 'ultrahtml/selector';

/** An element of rendered HTML: its tag, attributes and visible text (whitespace collapsed, entities decoded). */
export interface Element {
  name: string;
  attrs: Record<string, string>;
  text: string;
  /** Elements under this one that match `selector`. */
  all(selector: string): Element[];
}

export interface Rendered {
  html: string;
  all(selector: string): Element[];
  /** The only element matching `selector`; throws when there is none or several. */
  one(selector: string): Element;
  text: string;
}

interface HtmlNode {
  type: number;
  name?: string;
  value?: string;
  attributes?: Record<string, string>;
  children?: HtmlNode[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

// Block-level boxes separate their text from their neighbours' as a browser's innerText does.
const BLOCKS = new Set(
  'p div section header footer nav ul ol li table caption tr td th h1 h2 h3 h4 dl dt dd figure figcaption details summary title desc'.split(
    ' ',
  ),
);

function textOf(node: HtmlNode): string {
  if (node.type === TEXT_NODE) return decode(node.value ?? '');
  if (node.type === ELEMENT_NODE && (node.name === 'style' || node.name === 'script')) return '';
  const inner = (node.children ?? []).map(textOf).join('');
  return node.type === ELEMENT_NODE && BLOCKS.has(node.name ?? '') ? ` ${inner} ` : inner;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function toElement(node: HtmlNode): Element {
  return {
    name: node.name ?? '',
    attrs: Object.fromEntries(Object.entries(node.attributes ?? {}).map(([k, v]) => [k, decode(v)])),
    text: collapse(textOf(node)),
    all: (selector) => (querySelectorAll(node as never, selector) as HtmlNode[]).map(toElement),
  };
}

/** The document `html` with selector queries. */
export function parseHtml(html: string): Rendered {
  const root = parse(html) as HtmlNode;
  const all = (selector: string) => (querySelectorAll(root as never, selector) as HtmlNode[]).map(toElement);
  return {
    html,
    all,
    one(selector) {
      const found = all(selector);
      if (found.length !== 1) throw new Error(`${found.length} elements match ${selector}`);
      return found[0] as Element;
    },
    text: collapse(textOf(root)),
  };
}
