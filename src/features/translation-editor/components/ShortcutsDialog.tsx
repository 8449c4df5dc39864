/**
 * The "?" overlay: every shortcut, grouped, with the grid's own keys; each command's keys can be changed here
 * (press the new keys; refused when the browser, a screen reader or another command has them) and reset.
 */
import { useState, type KeyboardEvent } from 'react';
import { Modal } from '../../../components/Modal';
import {
  DEFAULT_BINDINGS,
  GRID_KEYS,
  SHORTCUTS,
  chordOf,
  displayChord,
  overridesOf,
  rebind,
  type Bindings,
  type Command,
  type Shortcut,
} from '../model/shortcuts';

interface Props {
  bindings: Bindings;
  onChange: (bindings: Bindings) => void;
  onClose: () => void;
}

function Keys({ chords }: { chords: readonly string[] }) {
  if (chords.length === 0) return <span className="muted">none</span>;
  return (
    <>
      {chords.map((c, i) => (
        <span key={c}>
          {i > 0 ? ' or ' : null}
          <kbd>{displayChord(c)}</kbd>
        </span>
      ))}
    </>
  );
}

export function ShortcutsDialog({ bindings, onChange, onClose }: Props) {
  const [recording, setRecording] = useState<Command | undefined>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const groups = new Map<Shortcut['group'], Shortcut[]>();
  for (const s of SHORTCUTS) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  const changed = Object.keys(overridesOf(bindings)).length > 0;

  const record = (s: Shortcut) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Tab') return; // never a trap
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape') {
      setRecording(undefined);
      setMessage({ text: `${s.description}: unchanged.`, error: false });
      return;
    }
    const chord = chordOf(event);
    if (!chord) return; // a modifier alone: wait for the key
    const result = rebind(bindings, s.command, chord);
    if (!result.ok) {
      setMessage({ text: result.error, error: true });
      return;
    }
    onChange(result.bindings);
    setRecording(undefined);
    setMessage({ text: `${s.description}: ${displayChord(chord)}.`, error: false });
  };

  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <div className="shortcuts">
        <section>
          <h3>In the lines</h3>
          <dl className="shortcuts__list">
            {GRID_KEYS.map((g) => (
              <div key={g.keys} className="shortcuts__item">
                <dt>
                  <kbd>{g.keys}</kbd>
                </dt>
                <dd>{g.description}</dd>
              </div>
            ))}
          </dl>
        </section>
        {[...groups].map(([group, list]) => (
          <section key={group}>
            <h3>{group}</h3>
            <dl className="shortcuts__list">
              {list.map((s) => (
                <div key={s.command} className="shortcuts__item" data-command={s.command}>
                  <dt>
                    <Keys chords={bindings[s.command]} />
                  </dt>
                  <dd>
                    {s.description}{' '}
                    {recording === s.command ? (
                      <button
                        type="button"
                        className="button button--small shortcuts__recording"
                        ref={(el) => el?.focus()}
                        onKeyDown={record(s)}
                        onBlur={() => setRecording(undefined)}
                        onClick={() => setRecording(undefined)}
                      >
                        Press the new keys (Esc: keep)
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`Change the keys of “${s.description}”`}
                        onClick={() => {
                          setMessage(undefined);
                          setRecording(s.command);
                        }}
                      >
                        Change
                      </button>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <p className={message?.error ? 'form-error' : 'hint'} role="status" aria-live="polite">
        {message?.text ?? 'Keys you change are kept in this browser for your account.'}
      </p>
      <div className="modal__actions te-actions">
        <button
          type="button"
          className="button button--quiet"
          disabled={!changed}
          onClick={() => {
            onChange(DEFAULT_BINDINGS);
            setMessage({ text: 'All keys are back to the defaults.', error: false });
          }}
        >
          Reset to defaults
        </button>
        <button type="button" className="button" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
