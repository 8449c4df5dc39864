/**
 * Safe formatted text (docs/API.md "Instructions as formatted text"): user text that may carry a small allow-list of
 * HTML tags, read into a tree that a component turns into React elements. Never markup handed to the browser: the
 * text is tokenized here, an allowed tag becomes a node, and everything else (other tags, attributes, comments,
 * `<script>`, `<img onerror>`) stays in the text exactly as typed, so it shows as written and never runs.
 *
 * Allowed: `b`, `strong`, `i`, `em`, `u` (inline), `br`, `p`, `ul`, `ol`, `li`, and `a` with an `http(s)` `href` only
 * (no other attribute is read). The five XML entities and `&nbsp;` are decoded; others stay as typed.
 */

export type InlineTag = 'b' | 'strong' | 'i' | 'em' | 'u' | 'p' | 'ul' | 'ol' | 'li' | 'a';
export type FormattedNode =
  | { kind: 'text'; text: string }
  | { kind: 'br' }
  | { kind: 'element'; tag: InlineTag; href?: string; children: FormattedNode[] };

const CONTAINERS: ReadonlySet<string> = new Set(['b', 'strong', 'i', 'em', 'u', 'p', 'ul', 'ol', 'li', 'a']);
/** A tag this module knows: `<b>`, `</b>`, `<br>`, `<br/>`, `<a href="https://…">` (one quoted or bare href). */
const TAG = /<(\/?)([a-zA-Z]+)((?:\s+[^<>]*?)?)\s*(\/?)>/g;
const HREF = /^\s+href\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)'|([^\s"'<>=`]+))$/i;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  nbsp: '\u00a0',
};

/** `&amp;` and its four siblings, and `&nbsp;`; any other `&…;` is left as typed. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/** An `http:` or `https:` URL, else undefined (`javascript:`, `data:`, relative paths, protocol-relative). */
export function safeHref(raw: string): string | undefined {
  const value = decodeEntities(raw).trim();
  if (!/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'open'; tag: InlineTag; href?: string; raw: string }
  | { kind: 'close'; tag: InlineTag; raw: string }
  | { kind: 'br' };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const text = (end: number) => {
    if (end > at) tokens.push({ kind: 'text', text: source.slice(at, end) });
  };
  for (const m of source.matchAll(TAG)) {
    const [raw, slash, nameRaw, attrs = '', selfClose] = m;
    const name = (nameRaw ?? '').toLowerCase();
    let token: Token | undefined;
    if (name === 'br' && !slash && !attrs.trim()) token = { kind: 'br' };
    else if (CONTAINERS.has(name) && !selfClose) {
      const tag = name as InlineTag;
      if (slash) token = attrs.trim() ? undefined : { kind: 'close', tag, raw };
      else if (tag === 'a') {
        const href = HREF.exec(attrs);
        const url = href ? safeHref(href[1] ?? href[2] ?? href[3] ?? '') : undefined;
        // A link without a safe href is no link: its tags show as typed.
        token = url ? { kind: 'open', tag, href: url, raw } : undefined;
      } else token = attrs.trim() ? undefined : { kind: 'open', tag, raw };
    }
    if (!token) continue;
    text(m.index);
    tokens.push(token);
    at = m.index + raw.length;
  }
  text(source.length);
  return tokens;
}

/**
 * The tree of `source`. Tags pair up as in HTML: a closing tag closes the nearest open one of its name (and those
 * opened inside it); a closing tag with no opening one, and an opening tag never closed, show as typed.
 */
export function parseFormattedText(source: string): FormattedNode[] {
  interface Open {
    token: Extract<Token, { kind: 'open' }>;
    children: FormattedNode[];
  }
  const root: FormattedNode[] = [];
  const stack: Open[] = [];
  const current = () => stack[stack.length - 1]?.children ?? root;
  const pushText = (list: FormattedNode[], value: string) => {
    const last = list[list.length - 1];
    if (last?.kind === 'text') last.text += value;
    else list.push({ kind: 'text', text: value });
  };
  /** Closes the top of the stack into its parent as an element. */
  const closeTop = () => {
    const top = stack.pop()!;
    const { tag, href } = top.token;
    current().push(
      href ? { kind: 'element', tag, href, children: top.children } : { kind: 'element', tag, children: top.children },
    );
  };
  for (const token of tokenize(source)) {
    if (token.kind === 'text') pushText(current(), decodeEntities(token.text));
    else if (token.kind === 'br') current().push({ kind: 'br' });
    else if (token.kind === 'open') {
      // No link inside a link (a browser would not nest them either).
      if (token.tag === 'a' && stack.some((o) => o.token.tag === 'a')) pushText(current(), token.raw);
      else stack.push({ token, children: [] });
    } else {
      const depth = stack.map((o) => o.token.tag).lastIndexOf(token.tag);
      if (depth < 0) pushText(current(), token.raw);
      else while (stack.length > depth) closeTop();
    }
  }
  // Tags never closed: their opening tag shows as typed, their content stays where it was.
  while (stack.length) {
    const top = stack.pop()!;
    const list = current();
    pushText(list, top.token.raw);
    for (const child of top.children) {
      if (child.kind === 'text') pushText(list, child.text);
      else list.push(child);
    }
  }
  return root;
}

/** The text alone, tags left out (for a title attribute, a list tooltip or a search snippet). */
export function plainText(nodes: FormattedNode[]): string {
  return nodes.map((n) => (n.kind === 'text' ? n.text : n.kind === 'br' ? '\n' : plainText(n.children))).join('');
}
