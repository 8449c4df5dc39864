/** Where a line's text came from: colour, border pattern and a letter, so it reads without colour too. */
import type { LineSource } from '../model/lineFields';

export const SOURCES: Record<LineSource, { letter: string; label: string; description: string }> = {
  machine: { letter: 'M', label: 'Machine', description: 'machine translation (dotted edge)' },
  auto: { letter: 'T', label: 'Memory', description: 'filled from the translation memory (dashed edge)' },
  custom: { letter: 'H', label: 'Hand-written', description: 'written or edited by hand (solid edge)' },
  none: { letter: '–', label: 'Not yet', description: 'no text yet (thin edge)' },
};

export function SourceMark({ source }: { source: LineSource }) {
  const s = SOURCES[source];
  return (
    <span className={`source-mark source-mark--${source}`} title={`${s.label}: ${s.description}`}>
      <span aria-hidden="true">{s.letter}</span>
      <span className="visually-hidden">{s.label}</span>
    </span>
  );
}

export function SourceLegend() {
  return (
    <ul className="source-legend" aria-label="Where the text came from">
      {(Object.keys(SOURCES) as LineSource[]).map((source) => (
        <li key={source}>
          <span className={`source-legend__swatch line-edge--${source}`} aria-hidden="true" />
          <SourceMark source={source} />
          <span>{SOURCES[source].label}</span>
        </li>
      ))}
    </ul>
  );
}
