/**
 * Projects: the list (extension GET /projects) with each project's asset count (one GET /assets/counts for the
 * projects of a page, or operation 9's Content-Range total per project without it: assetCounts.ts); create, edit
 * and archive through PUT /projects (operation 13).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ListPage } from '../../../api/client';
import { getProject, putProjectsIfMatch } from '../../../api/projects';
import type { Project } from '../../../api/schema/project';
import { describeError } from '../../../components/ErrorPanel';
import { Modal } from '../../../components/Modal';
import { RowAction } from '../../../components/RowAction';
import { SearchField } from '../../../components/SearchField';
import type { Column } from '../../../components/VirtualTable';
import { RowLink } from '../../../components/VirtualTableRow';
import { formatCount, plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { useFilterParams, withParam } from '../../../lib/useFilterParams';
import { useSearchText } from '../../../lib/useSearchText';
import { CatalogLayout } from '../components/CatalogLayout';
import { CatalogList, withActions } from '../components/CatalogList';
import { ProjectDialog } from '../components/ProjectDialog';
import { UnlistedOption } from '../components/FormControls';
import { withoutComputed } from '../model/forms';
import { useAssetCount } from '../assetCounts';
import { catalogKeys, useProjectList, useStudioChoices } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

const projectHref = (id: string) => `/catalog/projects/${encodeURIComponent(id)}`;

function AssetCount({ projectId, companions }: { projectId: string; companions: readonly string[] }) {
  const count = useAssetCount(projectId, companions);
  if (count.isPending)
    return (
      <span className="muted" aria-label="Counting assets">
        …
      </span>
    );
  if (count.isError)
    return (
      <span className="muted" title={describeError(count.error)}>
        ?
      </span>
    );
  return <>{count.data === null ? '—' : formatCount(count.data)}</>;
}

/** Each loaded project's page (the ids listed with it): its asset count is asked with theirs, in one request. */
function projectsByPage(pages: readonly ListPage<Project>[] | undefined): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const page of pages ?? []) {
    const ids = page.items.flatMap((item) => (item.ok && item.data._id ? [item.data._id] : []));
    for (const id of ids) byId.set(id, ids);
  }
  return byId;
}

/** Archive or restore a project: read its latest version (ETag), then PUT it with `archived` changed. */
export function useArchiveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: string; archived: boolean }) => {
      const latest = await getProject(id);
      return putProjectsIfMatch({ ...withoutComputed(latest.data), archived }, latest.etag);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: catalogKeys.projects() }),
  });
}

export function ArchiveDialog({ project, onClose }: { project: Project & { _id: string }; onClose: () => void }) {
  const archive = useArchiveProject();
  const to = !project.archived;
  return (
    <Modal title={to ? `Archive “${project.name ?? ''}”?` : `Restore “${project.name ?? ''}”?`} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          archive.mutate({ id: project._id, archived: to }, { onSuccess: onClose });
        }}
      >
        <p>
          {to
            ? 'An archived project leaves the default project list. Its assets, files and work requests stay; you can restore it at any time.'
            : 'The project returns to the default project list.'}
        </p>
        {archive.error ? (
          <p className="form-error" role="alert">
            {describeError(archive.error)}
          </p>
        ) : null}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={archive.isPending} data-autofocus>
            {archive.isPending ? 'Saving…' : to ? 'Archive project' : 'Restore project'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function ProjectsPage() {
  const { canEdit } = useCatalogAccess();
  const [params, setParams] = useFilterParams();
  const studio = params.get('studio') ?? undefined;
  const showArchived = params.get('archived') === 'all';
  const setParam = (key: string, value: string | undefined) => setParams((current) => withParam(current, key, value));
  const q = params.get('q') ?? undefined;
  const search = useSearchText(q, (next) => setParam('q', next));
  const query = useProjectList({ studio, archived: showArchived ? undefined : false, q });
  const studiosQuery = useStudioChoices();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Project | 'new'>();
  const [archiving, setArchiving] = useState<Project & { _id: string }>();
  const total = totalOf(query.data);
  const pageOf = useMemo(() => projectsByPage(query.data?.pages), [query.data]);
  const studios = useMemo(() => studiosQuery.data ?? [], [studiosQuery.data]);
  const studioOptions = studios.flatMap((s) => (s._id ? [{ value: s._id, label: s.name ?? s._id }] : []));

  const columns = useMemo((): Column<Project>[] => {
    const studioName = (id: string | undefined) => studios.find((s) => s._id === id)?.name;
    const list: Column<Project>[] = [
      {
        id: 'name',
        header: 'Name',
        width: 'minmax(180px, 2fr)',
        render: (p) =>
          p._id ? (
            <RowLink href={projectHref(p._id)} className="catalog-list__name">
              {p.name || 'Unnamed project'}
            </RowLink>
          ) : (
            p.name
          ),
      },
      {
        id: 'studio',
        header: 'Studio',
        width: 'minmax(140px, 1.5fr)',
        render: (p) => studioName(p.studio) ?? <span className="muted">—</span>,
      },
      {
        id: 'prefix',
        header: 'File prefix',
        width: 'minmax(100px, 1fr)',
        render: (p) => (p.filePrefix ? <code className="code">{p.filePrefix}</code> : <span className="muted">—</span>),
      },
      {
        id: 'assets',
        header: 'Assets',
        width: '80px',
        render: (p) => (p._id ? <AssetCount projectId={p._id} companions={pageOf.get(p._id) ?? []} /> : '—'),
      },
      {
        id: 'state',
        header: 'State',
        width: '90px',
        render: (p) =>
          p.archived ? (
            <span className="badge badge--muted">Archived</span>
          ) : (
            <span className="badge badge--success">Active</span>
          ),
      },
    ];
    return withActions(
      list,
      '150px',
      canEdit
        ? (p) => (
            <>
              <RowAction inGrid label="Edit" name={p.name} onClick={() => setEditing(p)} />
              {p._id ? (
                <RowAction
                  inGrid
                  label={p.archived ? 'Restore' : 'Archive'}
                  name={p.name}
                  onClick={() => setArchiving(p as Project & { _id: string })}
                />
              ) : null}
            </>
          )
        : undefined,
    );
  }, [canEdit, studios, pageOf]);

  return (
    <CatalogLayout
      list
      title="Projects"
      meta={total !== undefined ? plural(total, 'project') : undefined}
      actions={
        canEdit ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            New project
          </button>
        ) : undefined
      }
    >
      <div className="filters" role="search" aria-label="Filter projects">
        <SearchField id="project-search" search={search} placeholder="Project name" />
        <div className="filter-field filter-field--loaded-choices">
          <label htmlFor="project-studio">Studio</label>
          <select
            id="project-studio"
            value={studio ?? ''}
            onChange={(e) => setParam('studio', e.target.value || undefined)}
          >
            <option value="">All studios</option>
            {studioOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
            <UnlistedOption value={studio ?? ''} options={studioOptions} loading={studiosQuery.isPending} />
          </select>
        </div>
        <label className="checkbox-inline filter-check">
          <input
            type="checkbox"
            checked={showArchived}
            onChange={(e) => setParam('archived', e.target.checked ? 'all' : undefined)}
          />
          Show archived projects
        </label>
      </div>
      <CatalogList
        query={query}
        what="projects"
        noun="project"
        route="GET /projects"
        label="Projects"
        columns={columns}
        rowHeight={48}
        hrefFor={projectHref}
        empty={
          <strong>
            {q ? `No projects match “${q}”` : 'No projects'}
            {studio ? ' in this studio' : ''}.
          </strong>
        }
      />
      {editing ? (
        <ProjectDialog
          project={editing === 'new' ? undefined : editing}
          studios={studioOptions}
          studiosLoading={studiosQuery.isPending}
          defaultStudio={studio}
          onSaved={() => void client.invalidateQueries({ queryKey: catalogKeys.projects() })}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {archiving ? <ArchiveDialog project={archiving} onClose={() => setArchiving(undefined)} /> : null}
    </CatalogLayout>
  );
}
