/**
 * A tiny XML reader of our own for subtitle documents (TTML): elements with namespace-resolved names, attributes,
 * text, and the line each element starts on (import reports name lines). No DTD entities, no external anything;
 * the same code in the browser and in Node (DOMParser gives no line numbers and is absent in Node).
 */
import { checkDepth } from '../importLimits';
import { SubtitleParseError } from '../subtitleParseError';

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export interface XmlElement {
  ns: string;
  local: string;
  /** Unprefixed attributes by local name; prefixed ones as `{namespace}local`. */
  attrs: Map<string, string>;
  children: XmlNode[];
  line: number;
}

export type XmlNode = XmlElement | string;

export function attrOf(el: XmlElement, ns: string | undefined, local: string): string | undefined {
  return el.attrs.get(ns ? `{${ns}}${local}` : local);
}

export function elementsOf(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string');
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(raw: string, line: number): string {
  return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+)?;?/gi, (whole, ref: string | undefined) => {
    if (!ref || !whole.endsWith(';')) throw new SubtitleParseError(`Line ${line}: “&” must be written “&amp;” in XML.`);
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    } else if (NAMED[ref] !== undefined) return NAMED[ref];
    throw new SubtitleParseError(`Line ${line}: unknown character reference “${whole}”.`);
  });
}

const NAME = /[^\s/>=]+/y;
const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

interface Open {
  el: XmlElement;
  qname: string;
  scope: Map<string, string>;
}

/**
 * The document's root element; throws SubtitleParseError (with the line) on XML that is not well formed or nests
 * elements deeper than the import reads (importLimits.ts).
 */
export function readXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '');
  let pos = 0;
  let line = 1;
  let counted = 0;
  const lineAt = (at: number) => {
    for (; counted < at; counted += 1) if (text.charCodeAt(counted) === 10) line += 1;
    return line;
  };
  const fail = (at: number, what: string): never => {
    throw new SubtitleParseError(`Line ${lineAt(at)}: ${what} (not well-formed XML).`);
  };
  const skipTo = (end: string, what: string) => {
    const at = text.indexOf(end, pos);
    if (at < 0) fail(pos, `${what} is not closed`);
    const body = text.slice(pos, at);
    pos = at + end.length;
    return body;
  };
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  const addText = (raw: string, at: number) => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (raw.trim() !== '') fail(at, 'text outside the root element');
      return;
    }
    const last = top.el.children[top.el.children.length - 1];
    if (typeof last === 'string') top.el.children[top.el.children.length - 1] = last + raw;
    else top.el.children.push(raw);
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) {
      addText(decode(text.slice(pos), lineAt(pos)), pos);
      break;
    }
    if (lt > pos) addText(decode(text.slice(pos, lt), lineAt(pos)), pos);
    pos = lt;
    if (text.startsWith('<?', pos)) {
      pos += 2;
      skipTo('?>', 'A processing instruction');
    } else if (text.startsWith('<!--', pos)) {
      pos += 4;
      skipTo('-->', 'A comment');
    } else if (text.startsWith('<![CDATA[', pos)) {
      pos += 9;
      addText(skipTo(']]>', 'A CDATA section'), pos);
    } else if (text.startsWith('<!', pos)) {
      // DOCTYPE, with an internal subset in brackets when there is one.
      const bracket = text.indexOf('[', pos);
      const close = text.indexOf('>', pos);
      if (bracket >= 0 && bracket < close) pos = text.indexOf(']', bracket) + 1;
      pos = text.indexOf('>', pos) + 1;
      if (pos <= 0) fail(lt, 'A DOCTYPE is not closed');
    } else if (text.startsWith('</', pos)) {
      pos += 2;
      const name = skipTo('>', 'An end tag').trim();
      const open = stack.pop();
      if (!open || open.qname !== name) fail(lt, `</${name}> does not close ${open ? `<${open.qname}>` : 'anything'}`);
    } else {
      pos += 1;
      NAME.lastIndex = pos;
      const qname = NAME.exec(text)?.[0];
      if (!qname) fail(lt, 'a “<” that starts no tag');
      pos = NAME.lastIndex;
      const raw: [string, string][] = [];
      for (;;) {
        ATTRIBUTE.lastIndex = pos;
        const m = ATTRIBUTE.exec(text);
        if (!m) break;
        raw.push([m[1]!, decode(m[2] ?? m[3] ?? '', lineAt(pos))]);
        pos = ATTRIBUTE.lastIndex;
      }
      while (/\s/.test(text[pos] ?? '')) pos += 1;
      const selfClosing = text.startsWith('/>', pos);
      if (!selfClosing && text[pos] !== '>') fail(pos, `<${qname!}> has a malformed attribute`);
      pos += selfClosing ? 2 : 1;
      if (root && stack.length === 0) fail(lt, 'a second root element');
      // Readers of the tree walk it recursively; a document nested thousands deep would overflow their stack.
      checkDepth(stack.length + 1, lineAt(lt), 'elements');
      const parent = stack[stack.length - 1];
      // A new scope only where the element declares namespaces; otherwise the parent's, shared.
      const declares = raw.some(([name]) => name === 'xmlns' || name.startsWith('xmlns:'));
      const scope = parent && !declares ? parent.scope : new Map(parent?.scope ?? [['xml', XML_NS]]);
      for (const [name, value] of declares ? raw : []) {
        if (name === 'xmlns') scope.set('', value);
        else if (name.startsWith('xmlns:')) scope.set(name.slice(6), value);
      }
      const resolve = (name: string, isElement: boolean): [string, string] => {
        const colon = name.indexOf(':');
        if (colon < 0) return [isElement ? (scope.get('') ?? '') : '', name];
        const ns = scope.get(name.slice(0, colon));
        if (ns === undefined) fail(lt, `the prefix of “${name}” is not declared`);
        return [ns!, name.slice(colon + 1)];
      };
      const [ns, local] = resolve(qname!, true);
      const attrs = new Map<string, string>();
      for (const [name, value] of raw) {
        if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
        const [ans, alocal] = resolve(name, false);
        attrs.set(ans ? `{${ans}}${alocal}` : alocal, value);
      }
      const el: XmlElement = { ns, local, attrs, children: [], line: lineAt(lt) };
      if (parent) parent.el.children.push(el);
      else root = el;
      if (!selfClosing) stack.push({ el, qname: qname!, scope });
    }
  }
  if (stack.length > 0) fail(text.length, `<${stack[stack.length - 1]!.qname}> is not closed`);
  if (!root) throw new SubtitleParseError('No XML element found: is this a TTML file?');
  return root;
}

/** Text escaped for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
