/**
 * An asset's downloads and views (docs/API.md "Downloads and views"): who used a signed link to which file, preview
 * or offline, when, how many bytes went out and from where. Shown to admins and coordinators (the server answers
 * only the asset's studio coordinators and admins; a 403 says so here).
 */
import type { Asset } from '../../../api/schema/asset';
import type { Download } from '../../../api/schema/download';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Section } from '../../../components/Section';
import { ShowMore } from '../../../components/ShowMore';
import { SkeletonLines } from '../../../components/Skeleton';
import { formatDateTime } from '../../../lib/dates';
import { formatBytes, formatCount } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { loaded, useDownloadList, useFileList, usePreviewList } from '../queries';

/** What a record is about, by the names of the asset's files and previews this page has read. */
function whatOf(d: Download, names: Map<string, string>): string {
  if (d.file) return names.get(d.file) ?? 'A file';
  if (d.preview) return names.get(d.preview) ?? 'A preview';
  if (d.offline) return 'An offline';
  return '—';
}

export function DownloadsSection({ asset }: { asset: Asset & { _id: string } }) {
  const query = useDownloadList(asset._id);
  // The page's own lists (the same queries: no other request): names instead of ids.
  const files = loaded(useFileList(asset._id).data);
  const previews = loaded(usePreviewList(asset._id).data);
  const names = new Map<string, string>();
  for (const f of files) if (f._id && f.name) names.set(f._id, f.name);
  for (const p of previews) if (p._id) names.set(p._id, [p.label, p.revision].filter(Boolean).join(' ') || 'Preview');
  const rows = loaded(query.data);
  const refused = query.error instanceof ApiError && query.error.status === 403;
  return (
    <Section
      title="Downloads and views"
      meta={rows.length ? `(${formatCount(totalOf(query.data) ?? rows.length)})` : undefined}
    >
      {query.isPending ? (
        <SkeletonLines lines={2} label="Loading downloads and views" />
      ) : refused ? (
        <p className="muted">Only admins and this studio’s coordinators see who downloaded or viewed this asset.</p>
      ) : query.isError ? (
        <ErrorPanel
          compact
          error={query.error}
          title="Could not load downloads and views"
          onRetry={() => void query.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="muted">Nobody has downloaded or viewed this asset’s files and previews yet.</p>
      ) : (
        <div className="scroll-x">
          <table className="mini-table downloads-table">
            <caption className="visually-hidden">Downloads and views</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Sent</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d._id}>
                  <td>
                    <span className="two-line">
                      <span>{d.created ? formatDateTime(d.created) : '—'}</span>
                      {d.last && d.created && d.last - d.created >= 60 ? (
                        <span className="muted">last {formatDateTime(d.last)}</span>
                      ) : null}
                    </span>
                  </td>
                  <th scope="row">{d.user?.name || <span className="muted">Unnamed user</span>}</th>
                  <td>
                    <span className="two-line">
                      <span>{whatOf(d, names)}</span>
                      <span className="muted">{d.kind === 'view' ? 'Viewed' : 'Downloaded'}</span>
                    </span>
                  </td>
                  <td>
                    <span className="two-line">
                      <span>{formatBytes(d.bytes ?? 0)}</span>
                      {d.requests && d.requests > 1 ? (
                        <span className="muted">in {formatCount(d.requests)} requests</span>
                      ) : null}
                    </span>
                  </td>
                  <td>
                    <span className="two-line">
                      <code className="code">{d.address || '—'}</code>
                      {d.userAgent ? (
                        <span className="muted downloads-table__agent" title={d.userAgent}>
                          {d.userAgent}
                        </span>
                      ) : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShowMore query={query} noun="records" />
    </Section>
  );
}
