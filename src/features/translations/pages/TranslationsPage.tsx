/**
 * `/translations`: the translations the user can work on or review (extension GET /translations), filtered by
 * status and language, infinite scroll. `/translations/:id` opens a translation in the editor of its work request.
 */
import { useCallback, useMemo } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useFilterParams, withParam } from '../../../lib/useFilterParams';
import { isUnavailable } from '../../../api/client';
import { TRANSLATION_STATUSES } from '../../../api/schema/translation';
import type { TranslationListItem } from '../../../api/translations';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { SkeletonLines, SkeletonRows } from '../../../components/Skeleton';
import { StatusBadge } from '../../../components/StatusBadge';
import { Unavailable } from '../../../components/Unavailable';
import { InfiniteRecordTable } from '../../../components/InfiniteRecordTable';
import { usePhoneCards } from '../../../components/phoneCards';
import { cardColumn, RecordCard } from '../../../components/RecordCard';
import type { Column } from '../../../components/VirtualTable';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { formatCount } from '../../../lib/format';
import { countLine } from '../../../lib/pages';
import { lateness, statusLabel } from '../../../lib/statuses';
import { editorPathOf } from '../editorPath';
import { translationFiltersFromParams } from '../listRequest';
import { useEditorPath, useLanguageChoices, useTranslationList } from '../queries';
import '../translations.css';

const translationHref = (id: string) => `/translations/${encodeURIComponent(id)}`;
/** A row opens the editor at once when the row says where (editorPath.ts), else through `/translations/:id`. */
const rowHref = (t: TranslationListItem) => editorPathOf(t) ?? translationHref(t._id ?? '');

/** The work request a translation is for, by what it orders: "Order fr-FR/FR" (never its id). */
function orderName(t: Pick<TranslationListItem, 'language' | 'workRequestTerritory'>): string {
  const where = [t.language, t.workRequestTerritory].filter(Boolean).join('/');
  return where ? `Order ${where}` : 'Its order';
}

function Progress({ done, total }: { done: number | undefined; total: number | undefined }) {
  if (total === undefined) return <span className="muted">—</span>;
  const value = done ?? 0;
  const pct = total === 0 ? 0 : Math.round((value / total) * 100);
  return (
    <span className="progress-cell">
      <progress
        max={total || 1}
        value={value}
        aria-label={`${formatCount(value)} of ${formatCount(total)} lines translated`}
      />
      <span className="progress-cell__text">{pct}%</span>
    </span>
  );
}

const COLUMNS: Column<TranslationListItem>[] = [
  {
    id: 'asset',
    header: 'Asset',
    width: 'minmax(200px, 2fr)',
    render: (t) => (
      <div className="two-line">
        <Link to={rowHref(t)} tabIndex={-1} className="truncate">
          {t.assetName || 'Untitled asset'}
        </Link>
        <span className="truncate muted">
          {t.kind === 'graphics' ? 'Graphics' : t.kind === 'dialogue' ? 'Subtitles' : 'Translation'}
          {t.workRequest ? (
            <>
              {' · '}
              <Link to={`/work-requests/${encodeURIComponent(t.workRequest)}`} tabIndex={-1}>
                {orderName(t)}
              </Link>
            </>
          ) : null}
          {t.workRequestStatus ? ` · ${statusLabel(t.workRequestStatus)}` : ''}
        </span>
      </div>
    ),
  },
  {
    id: 'language',
    header: 'Language',
    width: '90px',
    render: (t) => <code className="code">{t.language ?? '—'}</code>,
  },
  { id: 'status', header: 'Status', width: '130px', render: (t) => <StatusBadge status={t.status} /> },
  {
    id: 'lines',
    header: 'Lines',
    width: '70px',
    render: (t) => (t.lineCount !== undefined ? formatCount(t.lineCount) : '—'),
  },
  {
    id: 'progress',
    header: 'Translated',
    width: '140px',
    render: (t) => <Progress done={t.translatedCount} total={t.lineCount} />,
  },
  {
    id: 'due',
    header: 'Due',
    width: 'minmax(170px, 1.3fr)',
    render: (t) => (
      <ZonedDateTime
        value={t.due}
        compact
        late={t.status === 'submitted' ? undefined : lateness(t.due?.date, t.workRequestStatus)?.label}
      />
    ),
  },
];

/** On a phone, a card: the asset and status, its kind, language and progress, the due date with how late. */
const CARD_COLUMN = cardColumn<TranslationListItem>('Translation', (t) => (
  <RecordCard
    name={
      <Link to={rowHref(t)} tabIndex={-1} className="truncate">
        {t.assetName || 'Untitled asset'}
      </Link>
    }
    status={t.status}
  >
    <div className="record-card__line muted">
      <span className="truncate">
        <code className="code">{t.language ?? '—'}</code>{' '}
        {t.kind === 'graphics' ? 'Graphics' : t.kind === 'dialogue' ? 'Subtitles' : 'Translation'}
      </span>
      <Progress done={t.translatedCount} total={t.lineCount} />
    </div>
    <div className="record-card__due">
      Due{' '}
      <ZonedDateTime
        value={t.due}
        compact
        late={t.status === 'submitted' ? undefined : lateness(t.due?.date, t.workRequestStatus)?.label}
      />
    </div>
  </RecordCard>
));

export function TranslationsPage() {
  useDocumentTitle('Translations');
  const [params, setParams] = useFilterParams();
  const filters = translationFiltersFromParams(params);
  const query = useTranslationList(filters);
  const languages = useLanguageChoices();
  const navigate = useNavigate();
  const open = useCallback((t: TranslationListItem) => void navigate(rowHref(t)), [navigate]);
  const shown = usePhoneCards(COLUMNS, CARD_COLUMN, { row: 52, card: 92 });

  const setFilter = useCallback(
    (key: 'status' | 'language', value: string) => {
      setParams((current) => withParam(current, key, value));
    },
    [setParams],
  );

  const languageCodes = useMemo(() => {
    const codes = (languages.data ?? []).flatMap((l) => (l.code ? [{ code: l.code, name: l.name ?? l.code }] : []));
    return codes.sort((a, b) => a.name.localeCompare(b.name));
  }, [languages.data]);
  const filtered = filters.status !== undefined || filters.language !== undefined;

  return (
    <div className="page page--list">
      <div className="page__header">
        <h1 className="page__title">Translations</h1>
        <p className="page__count" aria-live="polite">
          {query.isSuccess ? countLine(query.data, query.hasNextPage, 'translation') : null}
        </p>
      </div>
      <div className="filters" role="search" aria-label="Filter translations">
        <div className="filter-field">
          <label htmlFor="tr-status">Status</label>
          <select id="tr-status" value={filters.status ?? ''} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">Any</option>
            {TRANSLATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'incomplete' ? 'Incomplete' : 'Submitted'}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-field">
          <label htmlFor="tr-language">Language</label>
          {languageCodes.length > 0 ? (
            <select
              id="tr-language"
              value={filters.language ?? ''}
              onChange={(e) => setFilter('language', e.target.value)}
            >
              <option value="">Any</option>
              {languageCodes.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.code})
                </option>
              ))}
            </select>
          ) : (
            <input
              id="tr-language"
              className="code-input"
              value={filters.language ?? ''}
              placeholder="e.g. fr"
              onChange={(e) => setFilter('language', e.target.value)}
            />
          )}
        </div>
        {filtered ? (
          <button type="button" className="link-button" onClick={() => setParams(new URLSearchParams())}>
            Clear filters
          </button>
        ) : null}
      </div>
      {query.isPending ? (
        <SkeletonRows label="Loading translations" />
      ) : query.isError && !query.data ? (
        isUnavailable(query.error) ? (
          <Unavailable what="The translation list">
            This deployment does not offer GET /translations (an extension). Open a translation from its{' '}
            <Link to="/work-requests">work request</Link>.
          </Unavailable>
        ) : (
          <ErrorPanel error={query.error} title="Could not load translations" onRetry={() => void query.refetch()} />
        )
      ) : (
        <div className={shown.className}>
          <InfiniteRecordTable
            label="Translations"
            columns={shown.columns}
            query={query}
            rowHeight={shown.rowHeight}
            noun="translation"
            hrefFor={translationHref}
            onOpen={open}
            nextPageError={(retry, error) => <ErrorPanel error={error} compact onRetry={retry} />}
            renderInvalid={(row) => (
              <span className="muted">
                A translation that could not be read ({row.problems[0]?.path}: {row.problems[0]?.message})
              </span>
            )}
            empty={
              <div className="empty">
                <strong>No translations{filtered ? ' match these filters' : ' to work on'}.</strong>
              </div>
            }
          />
        </div>
      )}
    </div>
  );
}

/** `/translations/:id`: opens the editor route of the translation's work request. */
export function TranslationEditorPage() {
  const { id = '' } = useParams();
  const path = useEditorPath(id);
  useDocumentTitle('Opening translation');
  if (path.isPending)
    return (
      <div className="page">
        <SkeletonLines lines={3} label="Opening the translation" />
      </div>
    );
  if (path.isError)
    return (
      <div className="page">
        <ErrorPanel error={path.error} title="Could not open this translation" onRetry={() => void path.refetch()} />
      </div>
    );
  if (!path.data) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Not part of a work request</h1>
        <p>
          This translation belongs to no work request (it may be an asset's transcription).{' '}
          <Link to="/translations">Back to translations</Link>
        </p>
      </div>
    );
  }
  return <Navigate to={path.data} replace />;
}
