/**
 * An order's instructions as typed, with the one rule of how they show (docs/API.md "Changing an order in the app":
 * instructions are formatted text) and, once the text holds markup, a preview drawn by the same FormattedText the
 * order page shows them with. The order wizard and the "Edit order" dialog both use it, so what is promised, what is
 * previewed and what the order page shows are one rule.
 */
import { INSTRUCTIONS_MAX } from '../api/schema/order';
import { describedByOf, FieldError } from './FieldError';
import { FormattedText } from './FormattedText';

/** Markup or an entity: text that may show otherwise than typed. */
const MAY_FORMAT = /[<&]/;

export function InstructionsField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const preview = MAY_FORMAT.test(value);
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="hint">
        Line breaks are kept. &lt;b&gt;bold&lt;/b&gt;, &lt;i&gt;italics&lt;/i&gt;, &lt;u&gt;underline&lt;/u&gt;, lists
        (&lt;ul&gt; or &lt;ol&gt; with &lt;li&gt;) and links (&lt;a href="https://…"&gt;) show formatted; any other
        markup shows as typed. Up to {INSTRUCTIONS_MAX.toLocaleString('en')} characters.
      </p>
      <textarea
        id={id}
        rows={6}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, true, error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={id} error={error} />
      {preview ? (
        <section className="instructions-preview" aria-label="How the instructions will show">
          <h4 className="instructions-preview__title">Preview</h4>
          <FormattedText text={value} />
        </section>
      ) : null}
    </div>
  );
}
