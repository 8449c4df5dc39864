/**
 * Review notes beside the lines (docs/API.md "Review notes"): a reviewer (coordinator, admin, the order's client)
 * pins a note to the active line at the playhead — Alt+Shift+N jumps to the note field — with a category and a
 * suggested text; the translator answers each with a reply or by changing its line. The notes a send back named
 * are marked "To address".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { NOTE_CATEGORIES, type NoteCategory } from '../../../api/schema/comment';
import { ApiError } from '../../../api/client';
import { useAddNote, useResolveNote, type ReviewNote } from '../reviewQueries';
import { useTimecoder } from './timecodeContext';

interface Props {
  workRequestId: string;
  translationId: string;
  notes: readonly ReviewNote[];
  /** The reviewer may add notes. */
  canNote: boolean;
  /** The translator may answer (the translation is open for them). */
  canResolve: boolean;
  /** The active line: its number (the server's) and its place in the grid. */
  activeLine: { number: number; index: number } | undefined;
  /** Where the playhead is now, in seconds. */
  playheadSeconds: () => number;
  /** The notes the last send back asked to address. */
  toAddress: readonly string[];
  onJump: (index: number, seconds: number) => void;
  lineIndexOf: (number: number) => number | undefined;
  /** What the notes are pinned to (default: lines). */
  unit?: NoteUnit;
}

/** What a note is pinned to: a line of dialogue, or a card of the graphics translation (key art, titles, inserts). */
export type NoteUnit = 'line' | 'card';

/** "Line 3" / "Card 3" (the place in the grid, 0-based; unknown: "?"). */
export function noteTarget(unit: NoteUnit | undefined, index: number | undefined): string {
  return `${unit === 'card' ? 'Card' : 'Line'} ${index === undefined ? '?' : index + 1}`;
}

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : 'The note could not be saved. Try again.');

export function NotesPanel(p: Props) {
  const id = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [category, setCategory] = useState<NoteCategory>('translation');
  const [body, setBody] = useState('');
  const [suggestion, setSuggestion] = useState('');
  const add = useAddNote();
  const open = p.notes.filter((n) => !n.resolution).length;

  useEffect(() => {
    if (!p.canNote) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.shiftKey && e.code === 'KeyN') {
        e.preventDefault();
        bodyRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [p.canNote]);

  const submit = () => {
    if (!p.activeLine || body.trim() === '') return;
    add.mutate(
      {
        workRequest: p.workRequestId,
        translation: p.translationId,
        line: p.activeLine.number,
        time: p.playheadSeconds(),
        category,
        body: body.trim(),
        ...(suggestion.trim() ? { suggestion: suggestion.trim() } : {}),
      },
      {
        onSuccess: () => {
          setBody('');
          setSuggestion('');
        },
      },
    );
  };

  return (
    <section className="notes" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="notes__title">
        Review notes{' '}
        <span className="hint">
          ({open} open of {p.notes.length})
        </span>
      </h2>
      {p.canNote ? (
        <form
          className="notes__form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={`${id}-body`}>
            Note on {p.unit === 'card' ? 'card' : 'line'} {p.activeLine ? p.activeLine.index + 1 : '–'} at the playhead{' '}
            <kbd>Alt+Shift+N</kbd>
          </label>
          <textarea
            id={`${id}-body`}
            ref={bodyRef}
            rows={2}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit();
              }
            }}
          />
          <div className="notes__row">
            <label>
              Category{' '}
              <select value={category} onChange={(e) => setCategory(e.target.value as NoteCategory)}>
                {NOTE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Suggested text <input value={suggestion} onChange={(e) => setSuggestion(e.target.value)} />
            </label>
          </div>
          <button
            type="submit"
            className="button button--small button--primary"
            disabled={!p.activeLine || body.trim() === '' || add.isPending}
          >
            Add note
          </button>
          {add.isError ? (
            <p role="alert" className="form-error">
              {messageOf(add.error)}
            </p>
          ) : null}
        </form>
      ) : null}
      {p.notes.length === 0 ? <p className="hint">No notes on this translation.</p> : null}
      <ol className="notes__list">
        {p.notes.map((n) => (
          <NoteItem key={n._id} note={n} {...p} />
        ))}
      </ol>
    </section>
  );
}

function NoteItem({ note, canResolve, toAddress, onJump, lineIndexOf, unit }: Props & { note: ReviewNote }) {
  const [reply, setReply] = useState('');
  const resolve = useResolveNote();
  const index = lineIndexOf(note.line);
  // In the editor's timecode form, as the grid and the waveform's marks say it.
  const coder = useTimecoder();
  const label = `${noteTarget(unit, index)} at ${coder.format(note.time * 1000)}`;
  return (
    <li
      className={`notes__item${note.resolution ? ' notes__item--resolved' : ''}`}
      data-testid="review-note"
      data-note-id={note._id}
    >
      <div className="notes__head">
        <button
          type="button"
          className="link-button"
          disabled={index === undefined}
          onClick={() => index !== undefined && onJump(index, note.time)}
        >
          {label}
        </button>{' '}
        <span className="notes__category">{note.category}</span>
        {toAddress.includes(note._id) && !note.resolution ? <strong className="notes__todo">To address</strong> : null}
      </div>
      <p className="notes__body">{note.body}</p>
      {note.suggestion ? <p className="notes__suggestion">Suggested: “{note.suggestion}”</p> : null}
      <p className="hint">{note.user?.name}</p>
      {note.resolution ? (
        <p className="notes__resolution">
          Resolved{note.resolution.change ? ` by a change: “${note.resolution.change.after}”` : ''}
          {note.resolution.reply ? ` — ${note.resolution.reply}` : ''}
        </p>
      ) : canResolve ? (
        <div className="notes__answer">
          <label>
            Reply <input value={reply} onChange={(e) => setReply(e.target.value)} />
          </label>
          <button
            type="button"
            className="button button--small"
            disabled={reply.trim() === '' || resolve.isPending}
            onClick={() => resolve.mutate({ id: note._id, reply: reply.trim() })}
          >
            Reply
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={resolve.isPending}
            onClick={() =>
              resolve.mutate({ id: note._id, change: true, ...(reply.trim() ? { reply: reply.trim() } : {}) })
            }
          >
            Resolved by my change
          </button>
          {resolve.isError ? (
            <p role="alert" className="form-error">
              {messageOf(resolve.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
