/**
 * User text with a few formatting tags (bold, italics, paragraphs, lists, http(s) links), shown as React elements
 * built from `parseFormattedText`: no HTML string ever reaches the DOM, so nothing in the text can run. Line breaks
 * typed in the text are kept (white-space: pre-line). Used wherever a work request's instructions show.
 */
import { memo, type ReactNode } from 'react';
import { parseFormattedText, type FormattedNode } from '../lib/formattedText';
import './formattedText.css';

function render(nodes: FormattedNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.kind === 'text') return node.text;
    if (node.kind === 'br') return <br key={i} />;
    const children = render(node.children);
    switch (node.tag) {
      case 'a':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        );
      case 'b':
      case 'strong':
        return <strong key={i}>{children}</strong>;
      case 'i':
      case 'em':
        return <em key={i}>{children}</em>;
      case 'u':
        return <u key={i}>{children}</u>;
      case 'p':
        return <p key={i}>{children}</p>;
      case 'ul':
        return <ul key={i}>{children}</ul>;
      case 'ol':
        return <ol key={i}>{children}</ol>;
      case 'li':
        return <li key={i}>{children}</li>;
    }
  });
}

export const FormattedText = memo(function FormattedText({
  text,
  className,
}: {
  text: string;
  className?: string | undefined;
}) {
  return <div className={`formatted-text${className ? ` ${className}` : ''}`}>{render(parseFormattedText(text))}</div>;
});
