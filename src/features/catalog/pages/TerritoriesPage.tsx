/** Territories: the list (extension GET /territories); create and edit through PUT /territories (operation 17). */
import { useQueryClient } from '@tanstack/react-query';
import type { Territory } from '../../../api/schema/territory';
import type { Column } from '../../../components/VirtualTable';
import { describeUnknown, plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogLayout } from '../components/CatalogLayout';
import { CatalogList, useRowEditing } from '../components/CatalogList';
import { TerritoryDialog } from '../components/TerritoryDialog';
import { catalogKeys, useLanguageChoices, useTerritoryList } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

function Codes({ list }: { list: unknown[] | undefined }) {
  if (!list?.length) return <span className="muted">—</span>;
  return (
    <ul className="codes">
      {list.map((v, i) => (
        <li key={i}>
          <code className="code">{describeUnknown(v)}</code>
        </li>
      ))}
    </ul>
  );
}

const codesColumn = (id: 'countries' | 'languages' | 'assignedLanguages', header: string): Column<Territory> => ({
  id,
  header,
  width: 'minmax(120px, 1.5fr)',
  render: (t) => <Codes list={t[id]} />,
});

const COLUMNS: Column<Territory>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 'minmax(160px, 2fr)',
    render: (t) => {
      const display = (t as { displayName?: unknown }).displayName;
      return (
        <strong className="catalog-list__name">
          {t.name || <span className="muted">Unnamed</span>}
          {typeof display === 'string' && display !== t.name ? <span className="muted"> · {display}</span> : null}
        </strong>
      );
    },
  },
  codesColumn('countries', 'Countries'),
  codesColumn('languages', 'Languages'),
  codesColumn('assignedLanguages', 'Assigned languages'),
];

export function TerritoriesPage() {
  const { canEdit } = useCatalogAccess();
  const query = useTerritoryList();
  const languages = useLanguageChoices();
  const client = useQueryClient();
  const { editing, setEditing, columns, open } = useRowEditing(COLUMNS, canEdit);
  const total = totalOf(query.data);
  const languageOptions = (languages.data ?? []).flatMap((l) =>
    l.code ? [{ value: l.code, label: `${l.code}${l.name ? ` · ${l.name}` : ''}` }] : [],
  );

  return (
    <CatalogLayout
      list
      title="Territories"
      meta={total !== undefined ? plural(total, 'territory', 'territories') : undefined}
      actions={
        canEdit ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            New territory
          </button>
        ) : undefined
      }
    >
      <CatalogList
        query={query}
        what="territories"
        noun="territory"
        route="GET /territories"
        label="Territories"
        columns={columns}
        rowHeight={48}
        onOpen={open}
        empty={<strong>No territories yet.</strong>}
      />
      {editing ? (
        <TerritoryDialog
          territory={editing === 'new' ? undefined : editing}
          languages={languageOptions}
          onSaved={() => void client.invalidateQueries({ queryKey: catalogKeys.territories() })}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </CatalogLayout>
  );
}
