/** Labelled form controls whose error sits next to the field (aria-invalid + aria-describedby). */
import { useState, type ReactNode } from 'react';
import { foldText } from '../../../lib/foldText';

interface Common {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={id}>
      {label}
      {required ? <span className="required"> (required)</span> : null}
    </label>
  );
}

/**
 * The chosen value when the options lack it, so a select never shows another choice than the one in force: "Loading…"
 * while the options load, then the value said to be not in the list.
 */
export function UnlistedOption(props: { value: string; options: { value: string }[]; loading?: boolean | undefined }) {
  const { value, options, loading } = props;
  if (value === '' || options.some((o) => o.value === value)) return null;
  return <option value={value}>{loading ? 'Loading…' : `${value} (not in the list)`}</option>;
}

/** A field's hint and error, below it (ids `<id>-hint`, `<id>-error`, which the field's aria-describedby names). */
export function After({ id, error, hint }: { id: string; error: string | undefined; hint: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-error field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField(
  props: Common & {
    value: string;
    onChange: (value: string) => void;
    type?: 'text' | 'email' | 'datetime-local' | 'number';
    list?: string;
    placeholder?: string;
    /** Focused when the dialog opens (Modal's `data-autofocus`). */
    autoFocus?: boolean;
    maxLength?: number;
    inputMode?: 'numeric' | 'text' | 'email';
    autoComplete?: string;
  },
) {
  const { id, label, error, hint, required, disabled, value, onChange } = props;
  return (
    <div className="form-field">
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        name={id}
        type={props.type ?? 'text'}
        value={value}
        list={props.list}
        placeholder={props.placeholder}
        data-autofocus={props.autoFocus || undefined}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
      <After id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField(
  props: Common & { value: string; onChange: (value: string) => void; rows?: number; maxLength?: number },
) {
  const { id, label, error, hint, required, disabled, value, onChange } = props;
  return (
    <div className="form-field">
      <Label id={id} label={label} required={required} />
      <textarea
        id={id}
        name={id}
        value={value}
        rows={props.rows ?? 3}
        maxLength={props.maxLength}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
      <After id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField(
  props: Common & {
    value: string;
    onChange: (value: string) => void;
    options: { value: string; label: string }[];
    placeholder?: string;
    /** The options are still loading: a value not among them reads "Loading…", not "(not in the list)". */
    loading?: boolean | undefined;
  },
) {
  const { id, label, error, hint, required, disabled, value, onChange, options } = props;
  return (
    <div className="form-field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        value={value}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{props.placeholder ?? '— None —'}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        <UnlistedOption value={value} options={options} loading={props.loading} />
      </select>
      <After id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={`${id}-hint`} className="hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A group with this many boxes or more gets a filter field: typing narrows the boxes shown (the ticked ones stay). */
export const FILTER_FROM = 12;

/**
 * What a filter shows: the options whose label or value holds what was typed (case and accents aside), and the ticked
 * ones whatever was typed; `matched` counts the first kind (all options when nothing was typed).
 */
export function optionsShown<O extends { value: string; label: string }>(
  options: O[],
  values: string[],
  typed: string,
) {
  const needle = foldText(typed.trim());
  if (!needle) return { shown: options, matched: options.length };
  const matches = (o: O) => foldText(`${o.label} ${o.value}`).includes(needle);
  return {
    shown: options.filter((o) => values.includes(o.value) || matches(o)),
    matched: options.filter(matches).length,
  };
}

/** A set of checkboxes under a legend; `values` are the checked ones, in `options` order. */
export function CheckboxGroup({
  id,
  legend,
  options,
  values,
  onChange,
  disabled,
  hint,
  error,
  columns = 3,
}: {
  id: string;
  legend: string;
  options: { value: string; label: string }[];
  values: string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  columns?: number;
}) {
  const [filter, setFilter] = useState('');
  const filterable = options.length >= FILTER_FROM;
  const { shown, matched } = filterable ? optionsShown(options, values, filter) : { shown: options, matched: 0 };
  const toggle = (value: string, on: boolean) => {
    const set = new Set(values);
    if (on) set.add(value);
    else set.delete(value);
    const ordered = options.map((o) => o.value).filter((v) => set.has(v));
    // Values the options do not list (unknown to this page) stay, after the known ones.
    onChange([...ordered, ...values.filter((v) => !options.some((o) => o.value === v))]);
  };
  return (
    <fieldset className="checkgroup" aria-describedby={describedBy(id, error, hint)}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {filterable ? (
        <div className="checkgroup__filter">
          <label htmlFor={`${id}-filter`}>Filter {legend.toLowerCase()}</label>
          <input
            id={`${id}-filter`}
            type="search"
            value={filter}
            disabled={disabled}
            onChange={(e) => setFilter(e.target.value)}
            // Enter in the filter narrows; it does not submit the dialog's form.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
          <span className="hint" role="status">
            {filter.trim() ? `${matched} of ${options.length} match` : ''}
          </span>
        </div>
      ) : null}
      {filterable && filter.trim() && matched === 0 ? (
        <p className="hint">
          No {legend.toLowerCase()} match “{filter.trim()}”.
        </p>
      ) : null}
      <div className="checkgroup__grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {shown.map((o) => (
          <label key={o.value} className="checkbox-inline">
            <input
              type="checkbox"
              checked={values.includes(o.value)}
              disabled={disabled}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-error field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
