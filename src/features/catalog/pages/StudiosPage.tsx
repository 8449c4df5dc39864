/** Studios: the list (extension GET /studios); create and edit through PUT /studios (operation 14). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Studio } from '../../../api/schema/studio';
import { formatDate } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { CatalogLayout } from '../components/CatalogLayout';
import { ListState } from '../components/ListState';
import { StudioDialog } from '../components/StudioDialog';
import { catalogKeys, groupListOptions, loaded, totalOf, useStudioList } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

export function StudiosPage() {
  const { canEdit } = useCatalogAccess();
  const query = useStudioList();
  const groups = useQuery(groupListOptions());
  const client = useQueryClient();
  const [editing, setEditing] = useState<Studio | 'new'>();
  const studios = loaded(query.data);
  const total = totalOf(query.data);
  const groupNames = new Map((groups.data?.items ?? []).flatMap((g) => (g.ok && g.data._id ? [[g.data._id, g.data.name]] : [])));
  const groupName = (id: string | undefined) => (id ? groupNames.get(id) : undefined);

  return (
    <CatalogLayout
      title="Studios"
      meta={total !== undefined ? plural(total, 'studio') : undefined}
      actions={canEdit ? <button type="button" className="button button--primary" onClick={() => setEditing('new')}>New studio</button> : undefined}
    >
      <ListState query={query} what="studios" route="GET /studios" empty={<strong>No studios yet.</strong>}>
        <div className="catalog-table-wrap">
          <table className="catalog-table">
            <caption className="visually-hidden">Studios</caption>
            <thead>
              <tr><th scope="col">Name</th><th scope="col">Slug</th><th scope="col">Coordinator group</th><th scope="col">Preview watermark</th><th scope="col">Created</th>{canEdit ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}</tr>
            </thead>
            <tbody>
              {studios.map((s) => (
                <tr key={s._id}>
                  <th scope="row">{s.name || <span className="muted">Unnamed studio</span>}</th>
                  <td><code className="code">{s.slug ?? '—'}</code></td>
                  <td>{groupName(s.coordinator) ?? (s.coordinator ? <code className="code">{s.coordinator}</code> : <span className="muted">—</span>)}</td>
                  <td>{s.previewWatermarkFormat ? <code className="code">{s.previewWatermarkFormat}</code> : <span className="muted">—</span>}</td>
                  <td>{s.created ? formatDate(s.created) : '—'}</td>
                  {canEdit ? (
                    <td className="catalog-table__actions">
                      <button type="button" className="button button--small" onClick={() => setEditing(s)}>
                        Edit<span className="visually-hidden"> {s.name}</span>
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      {editing ? (
        <StudioDialog
          studio={editing === 'new' ? undefined : editing}
          onSaved={() => void client.invalidateQueries({ queryKey: catalogKeys.studios() })}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </CatalogLayout>
  );
}
