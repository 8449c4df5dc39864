/**
 * An asset: usage flags, $flags, embargo, permissions and feedback, previews and files. Edit the asset
 * (operation 8), a preview's label and revision (operation 10) and open its signed, time-limited viewing link,
 * and a file's language, country, tags, embargo and transfer user (operation 11).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isUnavailable } from '../../../api/client';
import type { Asset } from '../../../api/schema/asset';
import type { File } from '../../../api/schema/file';
import type { Preview } from '../../../api/schema/preview';
import { AssetFeedback, AssetPermissions } from '../../../components/AssetPermissions';
import { AssetThumb } from '../../../components/AssetThumb';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Field, Fields, YesNo } from '../../../components/Field';
import { Section } from '../../../components/Section';
import { ShowMore } from '../../../components/ShowMore';
import { SkeletonLines } from '../../../components/Skeleton';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatCount, keyLabel } from '../../../lib/format';
import { AddToShare } from '../../../components/AddToShare';
import { totalOf } from '../../../lib/pages';
import { AssetDialog } from '../components/AssetDialog';
import { Breadcrumb, CatalogLayout } from '../components/CatalogLayout';
import { ActionsCell, CatalogTable } from '../components/CatalogTable';
import { RowAction } from '../../../components/RowAction';
import { DownloadsSection } from '../components/DownloadsSection';
import { FileDialog } from '../components/FileDialog';
import { IngestStateBadge } from '../../../components/IngestStateBadge';
import { warningText } from '../../../lib/ingestText';
import { PreviewDialog } from '../components/PreviewDialog';
import { PreviewViewer } from '../components/PreviewViewer';
import { EmbargoLock, EmbargoUntil } from '../components/EmbargoLock';
import { mediaUrl } from '../../../api/media';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { usageKeys } from '../model/forms';
import {
  catalogKeys,
  loaded,
  useAsset,
  useFileList,
  useLanguageChoices,
  usePreviewList,
  useProject,
  useTerritoryChoices,
} from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../../../components/record.css';
import '../catalog.css';
import { useNow } from '../../../lib/useNow';
import { canPlaceOrders, newOrderPath } from '../../../lib/orders';
import { allows } from '../../../api/schema/computed';
import { useSession } from '../../../lib/session/useSession';

function PermissionsSection({ asset }: { asset: Asset }) {
  return (
    <Section title="Permissions and feedback">
      <AssetPermissions value={asset.$permissions} />
      <h3 className="subheading">Feedback</h3>
      <AssetFeedback value={asset.$feedback} />
    </Section>
  );
}

/** A section the viewer's grants leave closed: said in words, and nothing asked of the server. */
function NotShared({ title, text }: { title: string; text: string }) {
  return (
    <Section title={title}>
      <p className="muted">{text}</p>
    </Section>
  );
}

function PreviewsSection({ asset, canEdit }: { asset: Asset & { _id: string }; canEdit: boolean }) {
  const query = usePreviewList(asset._id);
  const client = useQueryClient();
  const [editing, setEditing] = useState<Preview & { _id: string }>();
  const [viewing, setViewing] = useState<Preview & { _id: string }>();
  // Without the list extension, the asset's own embedded previews (no signed link) are shown.
  const fallback = query.isError && isUnavailable(query.error);
  const previews: Preview[] = fallback ? (asset.previews ?? []) : loaded(query.data);
  return (
    <Section
      title="Previews"
      meta={previews.length ? `(${formatCount(totalOf(query.data) ?? previews.length)})` : undefined}
    >
      {query.isPending ? (
        <SkeletonLines lines={2} label="Loading previews" />
      ) : query.isError && !fallback ? (
        <ErrorPanel compact error={query.error} title="Could not load previews" onRetry={() => void query.refetch()} />
      ) : previews.length === 0 ? (
        <p className="muted">No previews.</p>
      ) : (
        <div className="scroll-x">
          <table className="mini-table">
            <caption className="visually-hidden">Previews</caption>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Revision</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {previews.map((p) => (
                <tr key={p._id}>
                  <th scope="row">{p.label || <span className="muted">No label</span>}</th>
                  <td>{p.revision ? <code className="code">{p.revision}</code> : '—'}</td>
                  <td>{p.created ? formatDate(p.created) : '—'}</td>
                  <ActionsCell>
                    {/* Held by its asset's embargo: no link, so nothing to play; it says why and until when. */}
                    {p.$embargo?.locked ? <EmbargoUntil embargo={p.$embargo} /> : null}
                    {p._id && p.path ? (
                      <RowAction
                        label="View"
                        name={
                          <>
                            {p.label} {p.revision}
                          </>
                        }
                        onClick={() => setViewing(p as Preview & { _id: string })}
                      />
                    ) : null}
                    {canEdit && p._id && !fallback ? (
                      <RowAction
                        label="Edit"
                        name={
                          <>
                            preview {p.label} {p.revision}
                          </>
                        }
                        onClick={() => setEditing(p as Preview & { _id: string })}
                      />
                    ) : null}
                  </ActionsCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <PreviewDialog
          preview={editing}
          onSaved={() => void client.invalidateQueries({ queryKey: catalogKeys.previews(asset._id) })}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {fallback ? null : <ShowMore query={query} noun="previews" />}
      {viewing ? <PreviewViewer preview={viewing} onClose={() => setViewing(undefined)} /> : null}
    </Section>
  );
}

/**
 * Where a file's bytes can be fetched: its signed link (or an absolute URL), never for a file the reader is held from
 * (a locked file has no link: docs/API.md "Embargoes"). A stored name such as `/files/x.mov` is no link.
 */
function downloadUrl(file: File): string | undefined {
  if (!file.path || file.$embargo?.locked) return undefined;
  return /^(\/api\/files\/|https?:\/\/)/i.test(file.path) ? mediaUrl(file.path) : undefined;
}

function FileEmbargo({ file }: { file: File }) {
  const e = file.embargo;
  const active = (file.$flags ?? []).includes('embargoed');
  const now = useNow();
  if (!e?.event && !e?.end) return <span className="muted">None</span>;
  return (
    <span className="two-line">
      <span>
        {active ? (
          <span className="tag tag--danger">Embargoed</span>
        ) : (
          <span className="tag">{e.end && e.end * 1000 < now ? 'Lifted' : 'Set'}</span>
        )}
        {e.event ? ' event' : ''}
      </span>
      {e.end ? <span className="muted">until {formatDateTime(e.end)}</span> : null}
    </span>
  );
}

function FilesSection({ asset, canEdit }: { asset: Asset & { _id: string }; canEdit: boolean }) {
  const query = useFileList(asset._id);
  const languages = useLanguageChoices();
  const territories = useTerritoryChoices();
  const client = useQueryClient();
  const [editing, setEditing] = useState<File & { _id: string }>();
  const files = loaded(query.data);
  return (
    <Section title="Files" meta={files.length ? `(${formatCount(totalOf(query.data) ?? files.length)})` : undefined}>
      {query.isPending ? (
        <SkeletonLines lines={3} label="Loading files" />
      ) : query.isError ? (
        isUnavailable(query.error) ? (
          <p className="muted">This server does not list an asset’s files (GET /files?asset=).</p>
        ) : (
          <ErrorPanel compact error={query.error} title="Could not load files" onRetry={() => void query.refetch()} />
        )
      ) : files.length === 0 ? (
        <p className="muted">No files.</p>
      ) : (
        <CatalogTable
          caption="Files"
          className="mini-table files-table"
          columns={['Name', 'Language', 'Country', 'Tags', 'Embargo', 'Transfer user', 'State']}
          actions={canEdit}
        >
          {files.map((f) => (
            <tr key={f._id}>
              <th scope="row">
                <span className="file-name">{f.name ?? f._id}</span>
                {/* A link only for a file the reader may reach: a locked one has none (docs/API.md "Embargoes"). */}
                {downloadUrl(f) ? (
                  <>
                    {' '}
                    <a className="button button--small" href={downloadUrl(f)} download={f.name ?? true}>
                      Download<span className="visually-hidden"> {f.name}</span>
                    </a>
                  </>
                ) : null}
                {/* Held by its embargo: why, until when and the request, beside the name (seen on a phone too). */}
                {f.$embargo?.locked && f._id ? (
                  <EmbargoLock
                    fileId={f._id}
                    fileName={f.name ?? 'this file'}
                    assetId={asset._id}
                    embargo={f.$embargo}
                  />
                ) : null}
              </th>
              <td>{f.language ? <code className="code">{f.language}</code> : '—'}</td>
              <td>{f.country ? <code className="code">{f.country}</code> : '—'}</td>
              <td>
                {f.tags?.length ? (
                  f.tags.map((t) => (
                    <span key={t} className="tag">
                      {t}
                    </span>
                  ))
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td>
                <FileEmbargo file={f} />
              </td>
              <td>
                {f.transfer?.username ?? <span className="muted">—</span>}
                {f.$transfer?.downloaded ? <span className="muted"> · downloaded</span> : null}
              </td>
              <td>
                {f.verified ? <span className="yes">Verified</span> : <span className="no">Unverified</span>}{' '}
                <IngestStateBadge ingest={f.$ingest} />
                {f.warnings?.length ? (
                  <span className="tag tag--danger" title={f.warnings.map(warningText).join('; ')}>
                    {f.warnings.length} warning{f.warnings.length === 1 ? '' : 's'}
                  </span>
                ) : null}
              </td>
              <ActionsCell show={canEdit}>
                {f._id ? (
                  <RowAction
                    label="Edit"
                    name={<>file {f.name}</>}
                    onClick={() => setEditing(f as File & { _id: string })}
                  />
                ) : null}
              </ActionsCell>
            </tr>
          ))}
        </CatalogTable>
      )}
      <ShowMore query={query} noun="files" />
      {editing ? (
        <FileDialog
          file={editing}
          languages={(languages.data ?? []).flatMap((l) => (l.code ? [l.code] : []))}
          countries={[
            ...new Set(
              (territories.data ?? []).flatMap((t) =>
                (t.countries ?? []).filter((c): c is string => typeof c === 'string'),
              ),
            ),
          ].sort()}
          canListUsers={canEdit}
          onSaved={() => void client.invalidateQueries({ queryKey: catalogKeys.files(asset._id) })}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </Section>
  );
}

export function AssetPage() {
  const { id = '' } = useParams();
  const { canEdit } = useCatalogAccess();
  const role = canPlaceOrders(useSession()?.user);
  const query = useAsset(id);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const asset = query.data?.data;
  const project = useProject(asset?.project ?? '');
  const projectName = asset?.project ? project.data?.data.name : undefined;
  const flags = (asset?.$flags ?? []).map(String);
  // What the viewer's grants allow on this asset ($permissions); the role's answer where a server sends none.
  const permits = (verb: string, byRole: boolean) => allows(asset?.$permissions, verb) ?? byRole;
  const canOrder = permits('request', role);
  // Sharing onward: staff, or a grant holding `sharing` (the server checks it again when the share is sent).
  const canShare = permits('share', canEdit);

  return (
    <CatalogLayout
      record
      title={asset?.name || 'Asset'}
      breadcrumb={
        <Breadcrumb
          items={[
            { to: '/catalog/projects', label: 'Projects' },
            ...(asset?.project
              ? [{ to: `/catalog/projects/${encodeURIComponent(asset.project)}`, label: projectName ?? 'Project' }]
              : []),
            { label: asset?.name ?? '…' },
          ]}
        />
      }
      actions={
        asset?._id && (canEdit || canOrder || canShare) ? (
          <>
            {canShare ? <AddToShare assetId={asset._id} /> : null}
            {canOrder ? (
              <Link to={newOrderPath({ asset: asset._id })} className="button">
                Place an order
              </Link>
            ) : null}
            {canEdit ? (
              <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
                Edit asset
              </button>
            ) : null}
          </>
        ) : undefined
      }
    >
      {query.isPending ? (
        <SkeletonLines lines={5} label="Loading the asset" />
      ) : query.isError || !asset?._id ? (
        <ErrorPanel error={query.error} title="Could not load this asset" onRetry={() => void query.refetch()} />
      ) : (
        <div className="detail-grid">
          <div className="detail-grid__main">
            <Section title="Asset">
              <div className="asset-block">
                <AssetThumb
                  thumbnail={asset.$thumbnail}
                  mediaType={asset.mediaType}
                  type={asset.type}
                  size="large"
                  label={asset.name ? `Thumbnail of ${asset.name}` : 'Thumbnail'}
                />
                <div className="asset-block__fields">
                  <Fields columns={3}>
                    <Field label="Project">
                      {asset.project ? (
                        <Link to={`/catalog/projects/${encodeURIComponent(asset.project)}`}>
                          {/* Never the id (docs/API.md "Names"): "Loading…" until the name is here, then the word. */}
                          {projectName ?? (project.isPending ? 'Loading…' : 'Unnamed project')}
                        </Link>
                      ) : undefined}
                    </Field>
                    <Field label="Type">{asset.type}</Field>
                    <Field label="Media type">{asset.mediaType}</Field>
                    <Field label="Slug">{asset.slug ? <code className="code">{asset.slug}</code> : undefined}</Field>
                    <Field label="Import name">
                      {asset.importName ? <code className="code">{asset.importName}</code> : undefined}
                    </Field>
                    <Field label="Created">{asset.created ? formatDate(asset.created) : undefined}</Field>
                    <Field label="Creative">
                      <YesNo value={asset.creative} />
                    </Field>
                    <Field label="Verified">
                      <YesNo value={asset.verified} />
                    </Field>
                    <Field label="Embargo">
                      {asset.$embargo === undefined ? undefined : asset.$embargo ? (
                        <span className="two-line">
                          <span className="tag tag--danger">Embargoed</span>
                          <span className="muted">
                            {asset.$embargoUntil !== undefined ? (
                              <>
                                until <ZonedDateTime value={{ date: asset.$embargoUntil }} compact />
                              </>
                            ) : (
                              'until an admin lifts it'
                            )}
                          </span>
                        </span>
                      ) : (
                        'Not embargoed'
                      )}
                    </Field>
                  </Fields>
                  <div className="catalog-flags">
                    <span className="field-label">Flags</span>
                    {flags.length ? (
                      <ul className="chips">
                        {flags.map((f) => (
                          <li key={f} className="chip chip--on">
                            {keyLabel(f)}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="muted">None</span>
                    )}
                  </div>
                </div>
              </div>
              {query.data.problems.length ? (
                <p className="hint">
                  Some fields could not be read: {query.data.problems.map((p) => p.path).join(', ')}.
                </p>
              ) : null}
            </Section>
            <Section title="Usage">
              <ul className="chips" aria-label="Usage flags">
                {usageKeys(asset.usage).map((k) => {
                  const on = asset.usage?.[k] === true;
                  return (
                    <li key={k} className={`chip ${on ? 'chip--on' : 'chip--off'}`}>
                      <span aria-hidden="true">{on ? '✓ ' : ''}</span>
                      {keyLabel(k)}
                      <span className="visually-hidden">{on ? ': yes' : ': no'}</span>
                    </li>
                  );
                })}
              </ul>
            </Section>
            {permits('previews', true) ? (
              <PreviewsSection asset={asset as Asset & { _id: string }} canEdit={canEdit} />
            ) : (
              <NotShared title="Previews" text="The previews of this asset are not shared with you." />
            )}
            {permits('download', true) ? (
              <FilesSection asset={asset as Asset & { _id: string }} canEdit={canEdit} />
            ) : (
              <NotShared title="Files" text="The files of this asset are not shared with you for download." />
            )}
            {/* Downloads and views: admins and coordinators (the server narrows it to the asset's studio). */}
            {canEdit ? <DownloadsSection asset={asset as Asset & { _id: string }} /> : null}
          </div>
          <div className="detail-grid__side">
            <PermissionsSection asset={asset} />
          </div>
        </div>
      )}
      {editing && asset?._id ? (
        <AssetDialog
          asset={asset as Asset & { _id: string }}
          etag={query.data?.etag}
          onSaved={() => {
            void client.invalidateQueries({ queryKey: catalogKeys.asset(id) });
            if (asset.project) void client.invalidateQueries({ queryKey: catalogKeys.projectAssets(asset.project) });
          }}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </CatalogLayout>
  );
}
