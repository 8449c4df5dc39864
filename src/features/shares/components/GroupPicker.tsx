/**
 * The groups of a permission's work-request source, by name (docs/API.md "Names": people never type or read group ids):
 * a checkbox per group the viewer can list (GET /groups), and the ids it holds that are not among them kept, named
 * "a group not in your list", each removable. Read-only: the names in a sentence.
 */
import { useRecordNamesQuery } from '../../../lib/useRecordNames';

interface Props {
  value: readonly unknown[] | undefined;
  readOnly: boolean;
  /** The fieldset's name, e.g. "Priya Raman: Manage work requests". */
  label: string;
  onChange: (groups: string[]) => void;
}

export function GroupPicker({ value, readOnly, label, onChange }: Props) {
  const query = useRecordNamesQuery('groups');
  const chosen = (value ?? []).filter((v): v is string => typeof v === 'string');
  const names = query.data;
  const known = names ? [...names].sort((a, b) => a[1].localeCompare(b[1])) : [];
  const unknown = chosen.filter((id) => !names?.has(id));
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((g) => g !== id), id] : chosen.filter((g) => g !== id));

  if (readOnly) {
    if (chosen.length > 0 && query.isPending) return <span className="perm__list muted">Loading the groups…</span>;
    const shown = chosen.map((id) => names?.get(id) ?? 'a group not in your list');
    return <span className="perm__list">{shown.length ? shown.join(', ') : <span className="muted">None</span>}</span>;
  }
  return (
    <fieldset className="perm__groups-picker">
      <legend className="visually-hidden">{label}</legend>
      {query.isPending ? (
        <span className="muted" role="status">
          Loading the groups…
        </span>
      ) : query.isError ? (
        <span className="form-error" role="alert">
          Could not load the groups.{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </span>
      ) : (
        <ul className="perm__group-list">
          {known.map(([id, name]) => (
            <li key={id}>
              <label className="checkbox-inline">
                <input type="checkbox" checked={chosen.includes(id)} onChange={(e) => toggle(id, e.target.checked)} />
                {name}
              </label>
            </li>
          ))}
          {unknown.map((id, i) => (
            <li key={id}>
              <label className="checkbox-inline">
                <input type="checkbox" checked onChange={() => toggle(id, false)} />
                {`A group not in your list${unknown.length > 1 ? ` (${i + 1})` : ''}`}
              </label>
            </li>
          ))}
          {known.length === 0 && unknown.length === 0 ? <li className="muted">No groups to choose from.</li> : null}
        </ul>
      )}
    </fieldset>
  );
}
