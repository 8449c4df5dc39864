/**
 * A verdict that needs a reason (send back, reject): the dialog asks why, optionally which items to address (review
 * notes), and acts only on its confirm button — never at the first click. The server refuses a verdict without a
 * reason too (docs/API.md "Verdicts"); here the button stays disabled, and says why, until there is one.
 */
import { useId, useState } from 'react';
import { Modal } from './Modal';
import './reasonDialog.css';

export interface ReasonChoice {
  id: string;
  label: string;
}

interface Props {
  title: string;
  description: string;
  confirmLabel: string;
  /** Items the verdict may name (all checked at first); none: no list. */
  choices?: readonly ReasonChoice[];
  choicesLabel?: string;
  pending?: boolean;
  error?: string | undefined;
  /** Shown until there is a reason (default: it goes into the history, for the translator). */
  hint?: string;
  maxLength?: number;
  onConfirm: (verdict: { reason: string; chosen: string[] }) => void;
  onClose: () => void;
}

export function ReasonDialog(p: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [chosen, setChosen] = useState<string[]>(() => (p.choices ?? []).map((c) => c.id));
  const missing = reason.trim() === '';
  return (
    <Modal title={p.title} description={p.description} onClose={p.onClose}>
      <form
        className="reason-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (!missing) p.onConfirm({ reason: reason.trim(), chosen });
        }}
      >
        <label htmlFor={`${id}-reason`}>Reason (required)</label>
        <textarea
          id={`${id}-reason`}
          data-autofocus
          rows={3}
          maxLength={p.maxLength ?? 2000}
          value={reason}
          aria-describedby={`${id}-why`}
          onChange={(e) => setReason(e.target.value)}
        />
        {p.choices ? (
          <ReasonChoicesField choices={p.choices} label={p.choicesLabel} chosen={chosen} onChange={setChosen} />
        ) : null}
        <p id={`${id}-why`} className="hint">
          {missing ? (p.hint ?? 'Say why: the reason is recorded in the history and shown to the translator.') : ''}
        </p>
        {p.error ? (
          <p role="alert" className="form-error">
            {p.error}
          </p>
        ) : null}
        <div className="modal__actions">
          <button type="button" className="button" onClick={p.onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={missing || p.pending}>
            {p.confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The items a verdict names (the review notes to address), each a checkbox: the Send back dialog's list, and the
 * order page's status change to a verdict move. Nothing when there are none.
 */
export function ReasonChoicesField({
  choices,
  label,
  chosen,
  onChange,
}: {
  choices: readonly ReasonChoice[];
  label?: string | undefined;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <fieldset className="reason-choices">
      <legend>{label ?? 'Include'}</legend>
      {choices.map((c) => (
        <label key={c.id} className="check">
          <input
            type="checkbox"
            checked={chosen.includes(c.id)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))}
          />
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}
