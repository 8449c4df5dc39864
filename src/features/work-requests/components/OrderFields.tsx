/**
 * The fields of the order editor (EditOrderDialog): a date on the wall clock of a chosen time zone, a tag list,
 * and the materials checklist. Each is labelled, keyboard usable, and shows its error next to it.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { fromWallClock } from '../../../lib/wallClock';
import { MATERIALS_MAX, TAGS_MAX, type MaterialDraft, type OrderErrors, type ZonedDraft } from '../model/orderEdit';
import { timeZones } from '../../../lib/timeZones';

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="form-error field-error">
      {error}
    </p>
  ) : null;
}

export function ZonedDateField({
  id,
  label,
  value,
  onChange,
  error,
  required,
}: {
  id: string;
  label: string;
  value: ZonedDraft;
  onChange: (value: ZonedDraft) => void;
  error: string | undefined;
  required?: boolean;
}) {
  const date = value.local ? fromWallClock(value.local, value.tz) : undefined;
  const errorId = `${id}-error`;
  return (
    <fieldset className="order-edit__zoned" aria-describedby={describedBy(`${id}-hint`, error && errorId)}>
      <legend>
        {label}
        {required ? <span className="required"> (required)</span> : null}
      </legend>
      <div className="order-edit__zoned-row">
        <div className="form-field">
          <label htmlFor={id}>Date and time</label>
          <input
            id={id}
            type="datetime-local"
            value={value.local}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-hint`, error && errorId)}
            onChange={(e) => onChange({ ...value, local: e.target.value })}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-tz`}>Time zone</label>
          <input
            id={`${id}-tz`}
            list={`${id}-zones`}
            value={value.tz}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error && /time zone/.test(error) ? true : undefined}
            aria-describedby={describedBy(error && errorId)}
            onChange={(e) => onChange({ ...value, tz: e.target.value.trim() })}
          />
          <datalist id={`${id}-zones`}>
            {timeZones().map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
      </div>
      <p id={`${id}-hint`} className="hint">
        {date !== undefined ? `${formatDateTime(date, value.tz)}, the wall clock of ${value.tz}.` : 'Not set.'}
      </p>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

export function TagsEditor({
  id,
  tags,
  onChange,
  error,
}: {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const add = () => {
    const parts = text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (!parts.length) return;
    const known = new Set(tags.map((t) => t.toLowerCase()));
    onChange([...tags, ...parts.filter((t) => !known.has(t.toLowerCase()))]);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && text === '' && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>Tags</label>
      {tags.length ? (
        <ul className="order-edit__tags" aria-label="Tags of this order">
          {tags.map((tag) => (
            <li key={tag} className="tag order-edit__tag">
              {tag}
              <button
                type="button"
                className="order-edit__tag-remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => {
                  onChange(tags.filter((t) => t !== tag));
                  input.current?.focus();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="order-edit__inline">
        <input
          ref={input}
          id={id}
          value={text}
          autoComplete="off"
          placeholder="rush, festival…"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button" onClick={add} disabled={!text.trim()}>
          Add tag
        </button>
      </div>
      <p id={`${id}-hint`} className="hint">
        Enter or a comma adds the tag; at most {TAGS_MAX}.
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

let materialKeys = 0;
/** The ticks of a checklist item: arrived, and accepted. */
const TICKS = [
  ['complete', 'Received'],
  ['approved', 'Approved'],
] as const;

export function MaterialsEditor({
  id,
  items,
  onChange,
  errors,
  disabled,
}: {
  id: string;
  items: MaterialDraft[];
  onChange: (items: MaterialDraft[]) => void;
  errors: OrderErrors;
  disabled: boolean;
}) {
  const list = useRef<HTMLOListElement>(null);
  const update = (index: number, patch: Partial<MaterialDraft>) =>
    onChange(items.map((m, i) => (i === index ? { ...m, ...patch } : m)));
  const focusName = (index: number) =>
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLInputElement>('input[type="text"]')[index]?.focus());
  const add = () => {
    onChange([...items, { key: `new${++materialKeys}`, name: '', complete: false, approved: false, files: [] }]);
    focusName(items.length);
  };
  const remove = (index: number) => {
    onChange(items.filter((_, i) => i !== index));
    focusName(Math.max(0, Math.min(index, items.length - 2)));
  };
  return (
    <fieldset className="order-edit__group order-edit__materials" disabled={disabled}>
      <legend>Materials checklist</legend>
      {items.length ? (
        <ol ref={list} className="order-edit__material-list">
          {items.map((m, i) => {
            const nameId = `${id}-${i}-name`;
            const error = errors[`materials.${i}.name`];
            const label = m.name.trim() || `material ${i + 1}`;
            return (
              <li key={m.key} className="order-edit__material">
                <div className="form-field">
                  <label htmlFor={nameId}>Material {i + 1}</label>
                  <input
                    id={nameId}
                    type="text"
                    value={m.name}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${nameId}-error` : undefined}
                    onChange={(e) => update(i, { name: e.target.value })}
                  />
                  <FieldError id={`${nameId}-error`} error={error} />
                </div>
                {TICKS.map(([flag, word]) => (
                  <label key={flag} className="checkbox-inline">
                    <input
                      type="checkbox"
                      checked={m[flag]}
                      aria-label={`${word}: ${label}`}
                      onChange={(e) => update(i, { [flag]: e.target.checked })}
                    />
                    {word}
                  </label>
                ))}
                <button type="button" className="button button--small" onClick={() => remove(i)}>
                  Remove<span className="visually-hidden"> {label}</span>
                </button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="muted">No materials listed.</p>
      )}
      <button type="button" className="button button--small" onClick={add} disabled={items.length >= MATERIALS_MAX}>
        Add material
      </button>
      <FieldError id={`${id}-error`} error={errors.materials} />
    </fieldset>
  );
}
