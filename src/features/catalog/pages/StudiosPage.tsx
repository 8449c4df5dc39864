/** Studios: the list (extension GET /studios); create and edit through PUT /studios (operation 14). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Studio } from '../../../api/schema/studio';
import { formatDate } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogLayout } from '../components/CatalogLayout';
import { ActionsCell, CatalogTable, RowAction } from '../components/CatalogTable';
import { ListState } from '../components/ListState';
import { StudioDialog } from '../components/StudioDialog';
import { catalogKeys, groupListOptions, loaded, useStudioList } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

export function StudiosPage() {
  const { canEdit, canCreateStudios } = useCatalogAccess();
  const query = useStudioList();
  const groups = useQuery(groupListOptions());
  const client = useQueryClient();
  const [editing, setEditing] = useState<Studio | 'new'>();
  const studios = loaded(query.data);
  const total = totalOf(query.data);
  const groupNames = new Map(
    (groups.data?.items ?? []).flatMap((g) => (g.ok && g.data._id ? [[g.data._id, g.data.name]] : [])),
  );
  const groupName = (id: string | undefined) => (id ? groupNames.get(id) : undefined);

  return (
    <CatalogLayout
      title="Studios"
      meta={total !== undefined ? plural(total, 'studio') : undefined}
      actions={
        canCreateStudios ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            New studio
          </button>
        ) : undefined
      }
    >
      <ListState query={query} what="studios" route="GET /studios" empty={<strong>No studios yet.</strong>}>
        <CatalogTable
          caption="Studios"
          columns={['Name', 'Slug', 'Coordinator group', 'Preview watermark', 'Created']}
          actions={canEdit}
        >
          {studios.map((s) => (
            <tr key={s._id}>
              <th scope="row">{s.name || <span className="muted">Unnamed studio</span>}</th>
              <td>
                <code className="code">{s.slug ?? '—'}</code>
              </td>
              <td>{groupName(s.coordinator) ?? <span className="muted">—</span>}</td>
              <td>
                {s.previewWatermarkFormat ? (
                  <code className="code">{s.previewWatermarkFormat}</code>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td>{s.created ? formatDate(s.created) : '—'}</td>
              <ActionsCell show={canEdit}>
                <RowAction label="Edit" name={s.name} onClick={() => setEditing(s)} />{' '}
                <Link
                  to={`/catalog/glossary?studio=${encodeURIComponent(s._id ?? '')}`}
                  className="button button--small"
                >
                  Glossary<span className="visually-hidden"> of {s.name}</span>
                </Link>
              </ActionsCell>
            </tr>
          ))}
        </CatalogTable>
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
