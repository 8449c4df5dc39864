/** A short list typed one item at a time (tags, the materials checklist): add with Enter or the button, remove each. */
import { describedByOf, FieldError, FieldHint } from '../../../components/FieldError';
import { useState } from 'react';
import { addItem } from '../model/draft';

interface Props {
  id: string;
  label: string;
  /** What one item is called, in "Add tag" / "Remove tag rush". */
  noun: string;
  items: readonly string[];
  max: number;
  onChange: (items: string[]) => void;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
}

export function ListEditor({ id, label, noun, items, max, onChange, error, hint, placeholder }: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const shown = problem ?? error;
  const add = () => {
    const next = addItem(items, text, max);
    setProblem(next.error);
    if (!next.error) {
      onChange(next.list);
      setText('');
    }
  };
  const describedBy = describedByOf(id, hint, shown);
  return (
    <div className="form-field list-editor">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={id} hint={hint} />
      <div className="list-editor__add">
        <input
          id={id}
          type="text"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" onClick={add}>
          Add {noun}
        </button>
      </div>
      <FieldError id={id} error={shown} />
      {items.length ? (
        <ul className="list-editor__items" aria-label={label}>
          {items.map((item) => (
            <li key={item} className="list-editor__item">
              <span>{item}</span>
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${noun} ${item}`}
                onClick={() => onChange(items.filter((x) => x !== item))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No {noun}s yet.</p>
      )}
    </div>
  );
}
