/**
 * The columns of a list of assets (a project's assets, the catalog's asset search): the asset with its thumbnail and
 * slug, type, usage, flags (an embargo with its end) and when it was made; the search adds each asset's project.
 */
import { Link } from 'react-router';
import type { Asset } from '../../../api/schema/asset';
import { AssetThumb } from '../../../components/AssetThumb';
import type { Column } from '../../../components/VirtualTable';
import { formatDate } from '../../../lib/dates';
import { keyLabel } from '../../../lib/format';

export const assetHref = (id: string) => `/catalog/assets/${encodeURIComponent(id)}`;

export const ASSET_COLUMNS: Column<Asset>[] = [
  {
    id: 'asset',
    header: 'Asset',
    width: 'minmax(220px, 3fr)',
    render: (a) => (
      <div className="asset-cell">
        <AssetThumb thumbnail={a.$thumbnail} mediaType={a.mediaType} type={a.type} />
        <div className="asset-cell__text">
          <Link to={assetHref(a._id ?? '')} tabIndex={-1} className="asset-cell__name">
            {a.name || 'Untitled asset'}
          </Link>
          <span className="asset-cell__type">{a.slug ?? ''}</span>
        </div>
      </div>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    width: 'minmax(90px, 1fr)',
    render: (a) => <span className="truncate">{[a.type, a.mediaType].filter(Boolean).join(' · ') || '—'}</span>,
  },
  {
    id: 'usage',
    header: 'Usage',
    width: 'minmax(160px, 2fr)',
    render: (a) => {
      const on = Object.entries(a.usage ?? {})
        .filter(([, v]) => v === true)
        .map(([k]) => keyLabel(k));
      return <span className="truncate">{on.length ? on.join(', ') : <span className="muted">None</span>}</span>;
    },
  },
  {
    id: 'flags',
    header: 'Flags',
    width: 'minmax(110px, 1fr)',
    render: (a) => (
      <span className="truncate">
        {a.$embargo ? (
          // Short, for the narrow column: the date says until when; the words are in the title and for screen readers.
          <span
            className="tag tag--danger"
            title={a.$embargoUntil !== undefined ? `Embargoed until ${formatDate(a.$embargoUntil)}` : 'Embargoed'}
          >
            {a.$embargoUntil !== undefined ? (
              <>
                <span className="visually-hidden">Embargoed </span>Until {formatDate(a.$embargoUntil)}
              </>
            ) : (
              'Embargoed'
            )}
          </span>
        ) : null}{' '}
        {(a.$flags ?? [])
          .filter((f) => f !== 'embargoed')
          .map((f, i) => (
            <span key={i} className="tag">
              {String(f)}
            </span>
          ))}
        {!a.$embargo && !(a.$flags ?? []).length ? <span className="muted">—</span> : null}
      </span>
    ),
  },
  { id: 'created', header: 'Created', width: '96px', render: (a) => (a.created ? formatDate(a.created) : '—') },
];

/** The asset's project, by name (nothing while the name is unknown: never the id). */
export function projectColumn(projectName: (id: string | undefined) => string | undefined): Column<Asset> {
  return {
    id: 'project',
    header: 'Project',
    width: 'minmax(120px, 1.5fr)',
    render: (a) => <span className="truncate">{projectName(a.project) ?? ''}</span>,
  };
}
