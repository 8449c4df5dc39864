/**
 * The line at the playhead drawn over the picture as it will look: top or bottom (the line's `alignment`), its
 * bold / italic / underline (SafeText: sanitized to those tags), the language's font and direction. It reads the
 * editor's document, not the saved copy, so it changes as the translator types.
 */
import { useSyncExternalStore } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import { positionOf } from '../model/lineFields';
import { lineIndexAt } from '../model/playhead';
import { isBlank } from '../model/text';
import { usePlaybackValue, type MediaController } from '../hooks/usePlayback';
import { SafeText } from '../../../components/SafeText';

const TEXT_ALIGN = new Set(['left', 'center', 'right', 'start', 'end']);

interface Props {
  doc: EditorDocument;
  controller: MediaController;
  dir: 'rtl' | 'ltr';
  lang: string | undefined;
  fontFamily: string | undefined;
}

export function SubtitleOverlay({ doc, controller, dir, lang, fontFamily }: Props) {
  useSyncExternalStore(
    (l) => doc.subscribe(l),
    () => doc.version,
  );
  const index = usePlaybackValue(controller, (c) => lineIndexAt(doc.count, (i) => doc.timingAt(i), c.timeMs));
  const line = index !== undefined ? doc.row(index)?.line : undefined;
  const text = line?.text ?? '';
  const position = line ? positionOf(line) : 'bottom';
  const align = line?.textAlign && TEXT_ALIGN.has(line.textAlign) ? line.textAlign : 'center';
  return (
    <div
      className={`subtitle-overlay subtitle-overlay--${position}`}
      data-testid="subtitle-overlay"
      data-line={index !== undefined ? index + 1 : undefined}
      data-position={position}
    >
      {line && !isBlank(text) ? (
        <SafeText
          text={text}
          className="subtitle-overlay__text"
          dir={dir}
          lang={lang}
          style={{ fontFamily, textAlign: align as 'left' | 'center' | 'right' | 'start' | 'end' }}
        />
      ) : null}
    </div>
  );
}
