import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseFormattedText, plainText, safeHref } from '../lib/formattedText';
import { FormattedText } from './FormattedText';

const html = (text: string) => renderToStaticMarkup(<FormattedText text={text} />).replace(/^<div[^>]*>|<\/div>$/g, '');

describe('FormattedText', () => {
  it('renders the allowed tags as elements', () => {
    expect(html('Match the <b>burned-in</b> card, <i>italics</i> for <em>voices</em> and <strong>names</strong>')).toBe(
      'Match the <strong>burned-in</strong> card, <em>italics</em> for <em>voices</em> and <strong>names</strong>',
    );
    expect(html('<p>One</p><ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>')).toBe(
      '<p>One</p><ul><li>a</li><li>b</li></ul><ol><li>c</li></ol>',
    );
    expect(html('line one<br>line two<br/>three<BR />four')).toBe('line one<br/>line two<br/>three<br/>four');
  });

  it('keeps typed line breaks as text (shown by pre-line) and decodes the basic entities once', () => {
    expect(html('first\nsecond')).toBe('first\nsecond');
    expect(html('SRT &amp; STL &lt;b&gt; &copy;')).toBe('SRT &amp; STL &lt;b&gt; &amp;copy;');
    expect(plainText(parseFormattedText('SRT &amp; STL &lt;b&gt;'))).toBe('SRT & STL <b>');
  });

  it('shows a script as the text typed, never as an element', () => {
    const out = html('Pasted from the client brief: <script>alert(1)</script> (must show as text, never run).');
    expect(out).toBe(
      'Pasted from the client brief: &lt;script&gt;alert(1)&lt;/script&gt; (must show as text, never run).',
    );
    expect(out).not.toContain('<script');
  });

  it.each([
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['<svg onload=alert(1)><circle/></svg>', '&lt;svg onload=alert(1)&gt;&lt;circle/&gt;&lt;/svg&gt;'],
    ['<b onclick="alert(1)">x</b>', '&lt;b onclick=&quot;alert(1)&quot;&gt;x&lt;/b&gt;'],
    ['<b style="color:red">x</b>', '&lt;b style=&quot;color:red&quot;&gt;x&lt;/b&gt;'],
    ['<style>body{display:none}</style>', '&lt;style&gt;body{display:none}&lt;/style&gt;'],
    [
      '<iframe src="https://evil.example"></iframe>',
      '&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt;',
    ],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ])('leaves %s inert', (input, expected) => {
    const out = html(input);
    expect(out).toBe(expected);
    // No element at all: every `<` is text.
    expect(out).not.toMatch(/<[a-z]/i);
  });

  it('makes links of http(s) hrefs only, opening safely', () => {
    expect(html('See <a href="https://example.com/brief?a=1&amp;b=2">the brief</a>.')).toBe(
      'See <a href="https://example.com/brief?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">the brief</a>.',
    );
    for (const bad of [
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a href="//evil.example">x</a>',
      '<a href="/relative">x</a>',
      '<a href="https://ok.example" onclick="alert(1)">x</a>',
    ]) {
      const out = html(bad);
      expect(out, bad).not.toContain('<a');
      expect(out, bad).toContain('&lt;a');
    }
    expect(safeHref(' https://example.com ')).toBe('https://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
  });

  it('shows unpaired tags and a link inside a link as typed, and closes the inner tags with the outer', () => {
    expect(html('a </b> b')).toBe('a &lt;/b&gt; b');
    expect(html('<b>never closed')).toBe('&lt;b&gt;never closed');
    expect(html('<b>bold <i>both</b> after')).toBe('<strong>bold <em>both</em></strong> after');
    expect(html('<a href="https://a.example">one <a href="https://b.example">two</a>')).toBe(
      '<a href="https://a.example/" target="_blank" rel="noopener noreferrer nofollow">one &lt;a href=&quot;https://b.example&quot;&gt;two</a>',
    );
  });
});
