/** The inbox's search, type and unread filters, and the actions on the selection or the whole view. */
import { EVENT_TYPES } from '../../../api/schema/event';
import { plural } from '../../../lib/format';
import { useSearchText } from '../../../lib/useSearchText';
import { SearchField } from '../../../components/SearchField';
import { typeLabel } from '../model/inbox';
import type { InboxView } from '../model/inboxView';

export interface InboxFilterChange {
  type?: string | undefined;
  q?: string;
  unreadOnly?: boolean;
}

interface Props {
  view: InboxView;
  onChange: (patch: InboxFilterChange) => void;
  selectedCount: number;
  onSetSelectedRead: (read: boolean) => void;
  onClearSelection: () => void;
  onMarkAllRead: () => void;
  markingAll: boolean;
}

export function InboxFilters({
  view,
  onChange,
  selectedCount,
  onSetSelectedRead,
  onClearSelection,
  onMarkAllRead,
  markingAll,
}: Props) {
  // Typed freely, applied after a pause (or at once with Enter).
  const search = useSearchText(view.q || undefined, (q) => onChange({ q: q ?? '' }));
  const typeChoices = view.tab.types ?? EVENT_TYPES;
  return (
    <div className="filters inbox-filters">
      <SearchField id="inbox-q" search={search} placeholder="Title or subject" />
      <div className="filter-field">
        <label htmlFor="inbox-type">Type</label>
        <select
          id="inbox-type"
          value={view.type ?? ''}
          onChange={(e) => onChange({ type: e.target.value || undefined })}
        >
          <option value="">All {view.tab.id === 'all' ? 'types' : `in ${view.tab.label}`}</option>
          {typeChoices.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </select>
      </div>
      <label className="checkbox-inline inbox-filters__unread">
        <input type="checkbox" checked={view.unreadOnly} onChange={(e) => onChange({ unreadOnly: e.target.checked })} />
        Unread only
      </label>
      <div className="inbox-filters__actions">
        {selectedCount > 0 ? (
          <>
            <span className="inbox-selection" aria-live="polite">
              {plural(selectedCount, 'selected', 'selected')}
            </span>
            <button type="button" className="button button--small" onClick={() => onSetSelectedRead(true)}>
              Mark selected read
            </button>
            <button type="button" className="button button--small" onClick={() => onSetSelectedRead(false)}>
              Mark selected unread
            </button>
            <button type="button" className="link-button" onClick={onClearSelection}>
              Clear selection
            </button>
          </>
        ) : null}
        <button type="button" className="button button--small" disabled={markingAll} onClick={onMarkAllRead}>
          Mark all read{view.q || view.type ? ' (filtered)' : ''}
        </button>
      </div>
    </div>
  );
}
