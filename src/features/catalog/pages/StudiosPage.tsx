/** Studios: the list (extension GET /studios); create and edit through PUT /studios (operation 14). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Studio } from '../../../api/schema/studio';
import { RowAction, RowActionLink } from '../../../components/RowAction';
import type { Column } from '../../../components/VirtualTable';
import { formatDate } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogList, withActions } from '../components/CatalogList';
import { CatalogLayout } from '../components/CatalogLayout';
import { StudioDialog } from '../components/StudioDialog';
import { catalogKeys, useGroupList, useStudioList } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

const muted = <span className="muted">—</span>;

export function StudiosPage() {
  const { canEdit, canCreateStudios } = useCatalogAccess();
  const query = useStudioList();
  const groups = useGroupList(true);
  const client = useQueryClient();
  const [editing, setEditing] = useState<Studio | 'new'>();
  const total = totalOf(query.data);
  const groupNames = useMemo(
    () => new Map((groups.data ?? []).flatMap((g) => (g._id ? [[g._id, g.name]] : []))),
    [groups.data],
  );

  const columns = useMemo((): Column<Studio>[] => {
    const list: Column<Studio>[] = [
      {
        id: 'name',
        header: 'Name',
        width: 'minmax(160px, 2fr)',
        render: (s) => (
          <strong className="catalog-list__name">{s.name || <span className="muted">Unnamed studio</span>}</strong>
        ),
      },
      {
        id: 'slug',
        header: 'Slug',
        width: 'minmax(110px, 1fr)',
        render: (s) => <code className="code">{s.slug ?? '—'}</code>,
      },
      {
        id: 'coordinator',
        header: 'Coordinator group',
        width: 'minmax(140px, 1.5fr)',
        render: (s) => (s.coordinator ? groupNames.get(s.coordinator) : undefined) ?? muted,
      },
      {
        id: 'watermark',
        header: 'Preview watermark',
        width: 'minmax(140px, 1.5fr)',
        render: (s) => (s.previewWatermarkFormat ? <code className="code">{s.previewWatermarkFormat}</code> : muted),
      },
      { id: 'created', header: 'Created', width: '96px', render: (s) => (s.created ? formatDate(s.created) : '—') },
    ];
    return withActions(
      list,
      '150px',
      canEdit
        ? (s) => (
            <>
              <RowAction inGrid label="Edit" name={s.name} onClick={() => setEditing(s)} />
              <RowActionLink
                inGrid
                label="Glossary"
                name={`of ${s.name ?? ''}`}
                to={`/catalog/glossary?studio=${encodeURIComponent(s._id ?? '')}`}
              />
            </>
          )
        : undefined,
    );
  }, [canEdit, groupNames]);
  const open = useCallback((s: Studio) => (canEdit ? setEditing(s) : undefined), [canEdit]);

  return (
    <CatalogLayout
      list
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
      <CatalogList
        query={query}
        what="studios"
        noun="studio"
        route="GET /studios"
        label="Studios"
        columns={columns}
        rowHeight={48}
        onOpen={open}
        empty={<strong>No studios yet.</strong>}
      />
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
