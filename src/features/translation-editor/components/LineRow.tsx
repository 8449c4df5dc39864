/**
 * One line of the grid: number and source mark, timing, duration and reading speed, the original for reference,
 * the editable translation with its problems, and the position. Memoized: typing re-renders only its own row.
 *
 * The text shown is the row's own state: a keystroke renders this row at once and hands the text to the document,
 * whose other views (the grid, the checks) follow in a deferred render. A change from elsewhere (undo, replace,
 * import) comes back as a new `line` and replaces it.
 *
 * Keys: only the line being edited is in the Tab order (the grid is one stop; Tab and Shift+Tab go from line to
 * line and leave the grid past the last and the first line); Escape leaves the grid.
 */
import { memo, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { Line } from '../../../api/schema/translation';
import type { QcProblem } from '../model/qc/types';
import { charsPerSecond } from '../../../api/schema/qc/rules/readingSpeed';
import { positionOf, sourceOf, startMsOf, stopMsOf, type Position } from '../model/lineFields';
import { formatSeconds } from '../model/timecode';
import type { Command, KeyInput } from '../model/shortcuts';
import { useChanged } from '../../../lib/useChanged';
import type { Glossary } from '../model/glossary';
import { GlossaryOriginal } from './GlossaryTerms';
import { SourceMark } from './SourceLegend';
import { TimeInput } from './TimeInput';
import { useTimecoder } from './timecodeContext';

export interface RowHandlers {
  onText: (index: number, text: string) => void;
  onCommand: (command: Command, index: number, textarea: HTMLTextAreaElement | undefined) => void;
  /** The command a key press means with the user's keys. */
  commandFor: (event: KeyInput, inText: boolean) => Command | undefined;
  /** Escape in a line: focus leaves the grid. */
  onLeave: (index: number) => void;
  onFocusRow: (index: number) => void;
  onTiming: (index: number, edge: 'start' | 'stop', ms: number) => string | undefined;
  onPosition: (index: number, position: Position) => void;
}

interface Props {
  idBase: string;
  index: number;
  rowKey: number;
  line: Line;
  original: string | undefined;
  /** The translation's glossary: its terms are marked in the original. */
  glossary?: Glossary | undefined;
  problems: readonly QcProblem[];
  active: boolean;
  last: boolean;
  /** The media's playhead is in this line. */
  playhead?: boolean | undefined;
  readOnly: boolean;
  dir: 'rtl' | 'ltr';
  lang: string | undefined;
  originalDir: 'rtl' | 'ltr';
  originalLang: string | undefined;
  textStyle: CSSProperties | undefined;
  maxCps: number;
  handlers: RowHandlers;
  start: number;
  /**
   * The rules whose problems on this line the translator accepted, comma-separated ('' for none): a string, so the
   * row's memo holds while they do not change.
   */
  acceptedRules?: string | undefined;
  /** The row's place in the grid's virtualizer (its index, or its place among a filter's lines). */
  position: number;
  measure: (el: Element | null) => void;
}

export const LineRow = memo(function LineRow(props: Props) {
  const { idBase, index, rowKey, line, original, problems, active, readOnly, handlers } = props;
  const lineText = line.text ?? '';
  const [text, setText] = useState(lineText);
  if (useChanged(lineText) && lineText !== text) setText(lineText);
  const startMs = startMsOf(line);
  const stopMs = stopMsOf(line);
  const duration = startMs !== undefined && stopMs !== undefined ? stopMs - startMs : undefined;
  const cps =
    startMs !== undefined && stopMs !== undefined && text.trim() !== ''
      ? charsPerSecond(text, startMs, stopMs)
      : undefined;
  const source = sourceOf(line);
  const position = positionOf(line);
  const textId = `${idBase}-text-${rowKey}`;
  const problemsId = `${idBase}-problems-${rowKey}`;
  const acceptedRules = props.acceptedRules ? props.acceptedRules.split(',') : [];
  const isAccepted = (p: QcProblem) => acceptedRules.includes(p.rule);
  // An accepted problem is shown, marked so, but no longer makes the line an error (Submit does not count it).
  const hasError = problems.some((p) => p.severity === 'error' && !isAccepted(p));
  const number = index + 1;
  // The row's name says its times as the fields show them (frames or milliseconds).
  const coder = useTimecoder();
  const timeOf = (ms: number | undefined, missing: string) => (ms === undefined ? missing : coder.format(ms));

  const tabIndex = active ? 0 : -1;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const ta = event.currentTarget;
    let command = handlers.commandFor(event, true);
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
    if (!command && plain && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      handlers.onLeave(index);
      return;
    }
    // Tab goes from line to line; past the last (or before the first) line it leaves the grid as usual.
    if (!command && plain && event.key === 'Tab') {
      if (event.shiftKey ? index === 0 : props.last) return;
      command = event.shiftKey ? 'previous-line' : 'next-line';
    }
    if (!command && plain && !event.shiftKey && ta.selectionStart === ta.selectionEnd) {
      if (event.key === 'ArrowUp' && !ta.value.slice(0, ta.selectionStart).includes('\n')) command = 'previous-line';
      if (event.key === 'ArrowDown' && !ta.value.slice(ta.selectionEnd).includes('\n')) command = 'next-line';
    }
    if (!command) return;
    event.preventDefault();
    event.stopPropagation();
    handlers.onCommand(command, index, ta);
  };

  const className = [
    'line-row',
    `line-edge--${source}`,
    active ? 'is-active' : '',
    props.playhead ? 'is-playhead' : '',
    problems.length > 0 ? (hasError ? 'has-error' : 'has-warning') : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={props.measure}
      data-index={props.position}
      data-line={number}
      role="row"
      aria-label={`Line ${number}, ${timeOf(startMs, 'no start')} to ${timeOf(stopMs, 'no stop')}`}
      aria-rowindex={index + 2}
      aria-selected={active}
      aria-current={props.playhead ? 'time' : undefined}
      className={className}
      style={{ transform: `translateY(${props.start}px)` }}
      onFocus={() => handlers.onFocusRow(index)}
    >
      <div role="gridcell" className="line-cell line-cell--number">
        <span className="line-number">{number}</span>
        <SourceMark source={source} />
      </div>
      <div role="gridcell" className="line-cell line-cell--timing">
        <TimeInput
          id={`${idBase}-start-${rowKey}`}
          label={`Start of line ${number}`}
          value={line.startTime ?? ''}
          readOnly={readOnly}
          tabIndex={tabIndex}
          onCommit={(ms) => handlers.onTiming(index, 'start', ms)}
          onEscape={() => document.getElementById(textId)?.focus()}
        />
        <TimeInput
          id={`${idBase}-stop-${rowKey}`}
          label={`Stop of line ${number}`}
          value={line.stopTime ?? ''}
          readOnly={readOnly}
          tabIndex={tabIndex}
          onCommit={(ms) => handlers.onTiming(index, 'stop', ms)}
          onEscape={() => document.getElementById(textId)?.focus()}
        />
      </div>
      <div role="gridcell" className="line-cell line-cell--numbers">
        <span title="Duration in seconds">{duration !== undefined ? `${formatSeconds(duration)} s` : '—'}</span>
        <span
          className={cps !== undefined && cps > props.maxCps ? 'is-over' : undefined}
          title="Reading speed, characters per second"
        >
          {cps !== undefined && Number.isFinite(cps) ? `${cps.toFixed(1)} cps` : '—'}
        </span>
      </div>
      <div role="gridcell" className="line-cell line-cell--original">
        {original !== undefined ? (
          <GlossaryOriginal
            text={original}
            glossary={props.glossary}
            className="original-text"
            dir={props.originalDir}
            lang={props.originalLang}
          />
        ) : (
          <span className="muted">—</span>
        )}
      </div>
      <div role="gridcell" className="line-cell line-cell--text">
        <textarea
          id={textId}
          className="line-text"
          aria-label={`Translation of line ${number}`}
          aria-describedby={problems.length > 0 ? problemsId : undefined}
          aria-invalid={hasError || undefined}
          value={text}
          dir={props.dir}
          lang={props.lang}
          style={props.textStyle}
          rows={Math.max(2, text.split('\n').length)}
          readOnly={readOnly}
          tabIndex={tabIndex}
          spellCheck
          onChange={(e) => {
            setText(e.target.value);
            handlers.onText(index, e.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        {problems.length > 0 ? (
          <ul id={problemsId} className="line-problems" aria-label={`Problems of line ${number}`}>
            {problems.map((p, i) => (
              <li
                key={i}
                className={`line-problem line-problem--${isAccepted(p) ? 'accepted' : p.severity}`}
                data-rule={p.rule}
              >
                <span aria-hidden="true">{isAccepted(p) ? '✓' : p.severity === 'error' ? '✖' : '⚠'}</span>{' '}
                <span className="visually-hidden">
                  {isAccepted(p) ? 'Accepted: ' : p.severity === 'error' ? 'Error: ' : 'Warning: '}
                </span>
                {p.message}
                {isAccepted(p) ? ' (accepted)' : ''}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div role="gridcell" className="line-cell line-cell--position">
        <select
          aria-label={`Position of line ${number}`}
          value={position}
          disabled={readOnly}
          tabIndex={tabIndex}
          onChange={(e) => handlers.onPosition(index, e.target.value === 'top' ? 'top' : 'bottom')}
        >
          <option value="bottom">Bottom</option>
          <option value="top">Top</option>
        </select>
      </div>
    </div>
  );
});
