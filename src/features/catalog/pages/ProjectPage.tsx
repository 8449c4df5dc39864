/**
 * A project: its fields, edit/archive (operation 13), and its assets as an infinite, virtualized list read
 * from operation 9 (GET /assets/countByProject?project=), whose Content-Range total is the count.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { allows } from '../../../api/schema/computed';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Field, Fields, YesNo } from '../../../components/Field';
import { InfiniteRecordTable, LoadMoreError } from '../../../components/InfiniteRecordTable';
import { Section } from '../../../components/Section';
import { SkeletonLines, SkeletonRows } from '../../../components/Skeleton';
import { formatDate } from '../../../lib/dates';
import { formatCount } from '../../../lib/format';
import { rowsOf, totalOf } from '../../../lib/pages';
import { Breadcrumb, CatalogLayout } from '../components/CatalogLayout';
import { FileName } from '../components/FileName';
import { ProjectDialog } from '../components/ProjectDialog';
import { pickColumn, ShareQueueBar, useAssetPicks } from '../components/ProjectShareQueue';
import { ASSET_COLUMNS, assetHref } from '../components/assetColumns';
import { catalogKeys, useProject, useProjectAssets, useStudioChoices } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import { ArchiveDialog } from './ProjectsPage';
import { canPlaceOrders, newOrderPath } from '../../../lib/orders';
import { useSession } from '../../../lib/session/useSession';
import '../../../components/record.css';
import '../catalog.css';

function ProjectAssets({ projectId, canShare }: { projectId: string; canShare: boolean }) {
  const query = useProjectAssets(projectId);
  const total = totalOf(query.data);
  const loaded = useMemo(() => rowsOf(query.data).flatMap((r) => (r.ok ? [r.data] : [])), [query.data]);
  const picks = useAssetPicks(loaded);
  const columns = useMemo(() => (canShare ? [pickColumn(picks), ...ASSET_COLUMNS] : ASSET_COLUMNS), [canShare, picks]);
  return (
    <Section title="Assets" meta={total !== undefined ? `(${formatCount(total)})` : undefined}>
      {query.isPending ? (
        <SkeletonRows rows={5} label="Loading assets" />
      ) : query.isError && !query.data ? (
        <ErrorPanel error={query.error} title="Could not load the assets" onRetry={() => void query.refetch()} />
      ) : (
        <div className="catalog-assets">
          {canShare ? (
            <ShareQueueBar filter={{ project: projectId }} total={total} picks={picks} source="the project’s assets" />
          ) : null}
          <InfiniteRecordTable
            label="Assets of this project"
            columns={columns}
            {...(canShare ? { selection: picks } : {})}
            query={query}
            rowHeight={52}
            noun="asset"
            hrefFor={assetHref}
            nextPageError={(retry) => <LoadMoreError onRetry={retry} quiet />}
            renderInvalid={(row) => (
              <span className="inline-error">
                This asset could not be read ({row.problems[0]?.path}: {row.problems[0]?.message}).
              </span>
            )}
            empty={
              <div className="empty">
                <strong>No assets in this project yet.</strong>
              </div>
            }
          />
        </div>
      )}
    </Section>
  );
}

export function ProjectPage() {
  const { id = '' } = useParams();
  const { canEdit } = useCatalogAccess();
  const role = canPlaceOrders(useSession()?.user);
  const query = useProject(id);
  const studios = useStudioChoices();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const project = query.data?.data;
  // Offered from the viewer's grants ($permissions `request`: some asset here may be ordered); by role without them.
  const canOrder = allows(project?.$permissions, 'request') ?? role;
  // Sharing onward: staff, or a grant holding `sharing` (the server checks it again when the share is sent).
  const canShare = allows(project?.$permissions, 'share') ?? canEdit;
  const studioList = studios.data ?? [];
  const studioName = studioList.find((s) => s._id === project?.studio)?.name;
  const title = project?.name || (query.isPending ? 'Project' : 'Project');

  return (
    <CatalogLayout
      record
      title={title}
      breadcrumb={
        <Breadcrumb items={[{ to: '/catalog/projects', label: 'Projects' }, { label: project?.name ?? '…' }]} />
      }
      actions={
        project?._id && (canEdit || canOrder) ? (
          <>
            {canOrder && !project.archived ? (
              <Link to={newOrderPath({ project: project._id })} className="button">
                Place an order
              </Link>
            ) : null}
            {canEdit ? (
              <>
                <Link
                  to={`/catalog/glossary?${new URLSearchParams({ studio: project.studio ?? '', project: project._id })}`}
                  className="button"
                >
                  Glossary
                </Link>
                <button type="button" className="button" onClick={() => setArchiving(true)}>
                  {project.archived ? 'Restore' : 'Archive'}
                </button>
                <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
                  Edit project
                </button>
              </>
            ) : null}
          </>
        ) : undefined
      }
    >
      {query.isPending ? (
        <SkeletonLines lines={4} label="Loading the project" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Could not load this project" onRetry={() => void query.refetch()} />
      ) : (
        <div className="catalog-stack">
          <Section title="Project">
            <Fields columns={3}>
              <Field label="Studio">{studioName}</Field>
              <Field label="Slug">{project?.slug ? <code className="code">{project.slug}</code> : undefined}</Field>
              <Field label="File prefix">
                {project?.filePrefix ? <code className="code">{project.filePrefix}</code> : undefined}
              </Field>
              <Field label="Import name">{project?.importName}</Field>
              <Field label="State">
                {project?.archived ? (
                  <span className="badge badge--muted">Archived</span>
                ) : (
                  <span className="badge badge--success">Active</span>
                )}
              </Field>
              <Field label="Verified">
                <YesNo value={project?.verified} />
              </Field>
              <Field label="Created">{project?.created ? formatDate(project.created) : undefined}</Field>
              <Field label="Logo">{project?.logo ? <FileName id={project.logo} /> : undefined}</Field>
              <Field label="Flags">{project?.$flags?.length ? project.$flags.map(String).join(', ') : undefined}</Field>
            </Fields>
            {query.data?.problems.length ? (
              <p className="hint">
                Some fields could not be read: {query.data.problems.map((p) => p.path).join(', ')}.
              </p>
            ) : null}
          </Section>
          <ProjectAssets projectId={id} canShare={canShare} />
        </div>
      )}
      {editing && project ? (
        <ProjectDialog
          project={project}
          studios={studioList.flatMap((s) => (s._id ? [{ value: s._id, label: s.name ?? s._id }] : []))}
          studiosLoading={studios.isPending}
          onSaved={() => void client.invalidateQueries({ queryKey: catalogKeys.projects() })}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {archiving && project?._id ? (
        <ArchiveDialog project={project as typeof project & { _id: string }} onClose={() => setArchiving(false)} />
      ) : null}
    </CatalogLayout>
  );
}
