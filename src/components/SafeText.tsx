/**
 * Subtitle lines with their little formatting as formatted text: DOMPurify keeps only <b>, <i>, <u> and <br>, without
 * attributes; the rest is text. Line breaks become <br>. (An order's instructions, with lists, paragraphs and http(s)
 * links, go through FormattedText.tsx instead: a tokenizer building React elements.)
 */
import DOMPurify from 'dompurify';
import { memo, type CSSProperties } from 'react';

const CONFIG = { ALLOWED_TAGS: ['b', 'i', 'u', 'br'], ALLOWED_ATTR: [] as string[], KEEP_CONTENT: true };

export function sanitizeLineHtml(text: string): string {
  return DOMPurify.sanitize(text.replace(/\r?\n/g, '<br>'), CONFIG);
}

export const SafeText = memo(function SafeText({
  text,
  className,
  dir,
  lang,
  style,
}: {
  text: string;
  className?: string;
  dir?: 'rtl' | 'ltr';
  lang?: string | undefined;
  style?: CSSProperties | undefined;
}) {
  // Sanitized to formatting tags only (see CONFIG), so this is not a script injection point.
  return (
    <span
      className={className}
      dir={dir}
      lang={lang}
      style={style}
      dangerouslySetInnerHTML={{ __html: sanitizeLineHtml(text) }}
    />
  );
});
