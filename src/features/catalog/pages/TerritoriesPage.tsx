/** Territories: the list (extension GET /territories); create and edit through PUT /territories (operation 17). */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Territory } from '../../../api/schema/territory';
import { describeUnknown, plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogLayout } from '../components/CatalogLayout';
import { ActionsCell, CatalogTable, RowAction } from '../components/CatalogTable';
import { ListState } from '../components/ListState';
import { TerritoryDialog } from '../components/TerritoryDialog';
import { catalogKeys, loaded, useLanguageList, useTerritoryList } from '../queries';
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

export function TerritoriesPage() {
  const { canEdit } = useCatalogAccess();
  const query = useTerritoryList();
  const languages = useLanguageList();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Territory | 'new'>();
  const territories = loaded(query.data);
  const total = totalOf(query.data);
  const languageOptions = loaded(languages.data).flatMap((l) =>
    l.code ? [{ value: l.code, label: `${l.code}${l.name ? ` · ${l.name}` : ''}` }] : [],
  );

  return (
    <CatalogLayout
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
      <ListState query={query} what="territories" route="GET /territories" empty={<strong>No territories yet.</strong>}>
        <CatalogTable
          caption="Territories"
          columns={['Name', 'Countries', 'Languages', 'Assigned languages']}
          actions={canEdit}
        >
          {territories.map((t) => {
            const display = (t as { displayName?: unknown }).displayName;
            return (
              <tr key={t._id}>
                <th scope="row">
                  {t.name || <span className="muted">Unnamed</span>}
                  {typeof display === 'string' && display !== t.name ? (
                    <span className="muted"> · {display}</span>
                  ) : null}
                </th>
                <td>
                  <Codes list={t.countries} />
                </td>
                <td>
                  <Codes list={t.languages} />
                </td>
                <td>
                  <Codes list={t.assignedLanguages} />
                </td>
                <ActionsCell show={canEdit}>
                  <RowAction label="Edit" name={t.name} onClick={() => setEditing(t)} />
                </ActionsCell>
              </tr>
            );
          })}
        </CatalogTable>
      </ListState>
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
