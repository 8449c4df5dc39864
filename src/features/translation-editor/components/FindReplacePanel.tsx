/** Find and replace: in the translation only, or searching the original too (replacing changes only the translation). */
import { useMemo, useState } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import { findAll, replaceAllIn, replaceOne, type FindOptions } from '../model/findReplace';
import { withText } from '../model/lineFields';

interface Props {
  doc: EditorDocument;
  version: number;
  readOnly: boolean;
  onJump: (index: number) => void;
  onClose: () => void;
}

export function FindReplacePanel({ doc, version, readOnly, onJump, onClose }: Props) {
  const [options, setOptions] = useState<FindOptions>({
    query: '',
    caseSensitive: false,
    wholeWord: false,
    includeOriginal: false,
  });
  const [replacement, setReplacement] = useState('');
  const [current, setCurrent] = useState(0);
  const [message, setMessage] = useState('');
  const matches = useMemo(() => {
    const rows = Array.from({ length: doc.count }, (_, i) => {
      const line = doc.row(i)!.line;
      return { text: line.text ?? '', original: options.includeOriginal ? doc.originalOf(line) : undefined };
    });
    return findAll(rows, options);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version stands for the document's state
  }, [doc, version, options]);

  const go = (delta: number) => {
    if (matches.length === 0) return;
    const next = (((current + delta) % matches.length) + matches.length) % matches.length;
    setCurrent(next);
    onJump(matches[next]!.index);
  };

  const replaceCurrent = () => {
    const match = matches[Math.min(current, matches.length - 1)];
    if (!match) return;
    if (match.field !== 'text') {
      setMessage('This match is in the original: only the translation is replaced.');
      go(1);
      return;
    }
    doc.setText(match.index, replaceOne(doc.row(match.index)!.line.text ?? '', match, replacement));
    doc.seal();
    setMessage(`Replaced in line ${match.index + 1}.`);
  };

  const replaceEverywhere = () => {
    const indexes = [...new Set(matches.filter((m) => m.field === 'text').map((m) => m.index))];
    const edits = indexes.map((index) => {
      const line = doc.row(index)!.line;
      return { index, line: withText(line, replaceAllIn(line.text ?? '', options, replacement)) };
    });
    const changed = doc.applyEdits(`Replace “${options.query}”`, edits);
    setMessage(`Replaced in ${changed} line${changed === 1 ? '' : 's'} (one undo step).`);
  };

  const textMatches = matches.filter((m) => m.field === 'text').length;
  return (
    <section
      className="find-panel"
      aria-label="Find and replace"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="find-panel__row">
        <label>
          Find
          <input
            type="search"
            autoFocus
            value={options.query}
            onChange={(e) => {
              setOptions({ ...options, query: e.target.value });
              setCurrent(0);
              setMessage('');
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                go(e.shiftKey ? -1 : 1);
              }
            }}
          />
        </label>
        <label>
          Replace with
          <input value={replacement} onChange={(e) => setReplacement(e.target.value)} disabled={readOnly} />
        </label>
        <span className="find-panel__count" aria-live="polite">
          {options.query
            ? `${matches.length === 0 ? 0 : Math.min(current + 1, matches.length)} of ${matches.length}`
            : ''}
        </span>
      </div>
      <div className="find-panel__row">
        <label className="check">
          <input
            type="checkbox"
            checked={options.caseSensitive}
            onChange={(e) => setOptions({ ...options, caseSensitive: e.target.checked })}
          />{' '}
          Match case
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={options.wholeWord}
            onChange={(e) => setOptions({ ...options, wholeWord: e.target.checked })}
          />{' '}
          Whole words
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={options.includeOriginal}
            onChange={(e) => setOptions({ ...options, includeOriginal: e.target.checked })}
          />{' '}
          Search the original too
        </label>
        <span className="find-panel__actions">
          <button type="button" className="button button--small" onClick={() => go(-1)} disabled={matches.length === 0}>
            Previous
          </button>
          <button type="button" className="button button--small" onClick={() => go(1)} disabled={matches.length === 0}>
            Next
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={replaceCurrent}
            disabled={readOnly || textMatches === 0}
          >
            Replace
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={replaceEverywhere}
            disabled={readOnly || textMatches === 0}
          >
            Replace all
          </button>
          <button type="button" className="button button--small button--quiet" onClick={onClose}>
            Close
          </button>
        </span>
      </div>
      {message ? (
        <p className="hint" role="status">
          {message}
        </p>
      ) : null}
    </section>
  );
}
