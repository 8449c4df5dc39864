/**
 * The zone a person's e-mails show times in (the user's `timeZone`, docs/API.md "Users"): typed with the browser's
 * zones as suggestions, or this device's zone in one click.
 */
import { deviceTimeZone, timeZones } from '../../../lib/timeZones';

export function TimeZoneField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (timeZone: string) => void;
}) {
  const device = deviceTimeZone();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="form-field settings-zone">
      <label htmlFor={id}>Time zone</label>
      <div className="settings-zone__row">
        <input
          id={id}
          list={`${id}-zones`}
          value={value}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(e) => onChange(e.target.value)}
        />
        {value.trim() !== device ? (
          <button type="button" className="button button--small" onClick={() => onChange(device)}>
            Use this device's ({device})
          </button>
        ) : null}
      </div>
      <datalist id={`${id}-zones`}>
        {timeZones().map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <span id={hintId} className="hint">
        Times in your e-mails are shown in this zone.
      </span>
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
