/** The blocks of an imported file that gave no subtitle, by row, so that nothing is dropped without a word. */
import type { SkippedBlock } from '../model/subtitleFiles';

const SHOWN = 50;

export function skippedSummary(skipped: readonly SkippedBlock[]): string {
  const count = `${skipped.length} block${skipped.length === 1 ? '' : 's'} skipped`;
  const first = skipped
    .slice(0, 3)
    .map((s) => `line ${s.line}`)
    .join(', ');
  return `${count}: ${first}${skipped.length > 3 ? ', …' : ''}`;
}

export function SkippedBlocks({ skipped }: { skipped: readonly SkippedBlock[] }) {
  return (
    <div className="import__skipped" role="status" data-testid="import-skipped">
      <p>
        <strong>{skippedSummary(skipped)}</strong> — they are not imported.
      </p>
      <ul aria-label="Skipped blocks" tabIndex={0}>
        {skipped.slice(0, SHOWN).map((s, i) => (
          // Two entries may name one row (a WebVTT file without its signature row): the index keeps keys apart.
          <li key={`${i}-${s.line}`}>
            Line {s.line}: {s.reason}
          </li>
        ))}
      </ul>
      {skipped.length > SHOWN ? <p className="hint">…and {skipped.length - SHOWN} more.</p> : null}
    </div>
  );
}
