/**
 * Languages: the list (extension GET /languages); add through POST /languages (operation 16), change one through
 * the extension PUT /languages/{id} (its fonts and codes; never its code).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../api/schema/language';
import type { Column } from '../../../components/VirtualTable';
import { plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogList, useRowEditing } from '../components/CatalogList';
import { CatalogLayout } from '../components/CatalogLayout';
import { LanguageDialog } from '../components/LanguageDialog';
import { catalogKeys, useLanguageList } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

const code = (value: string | undefined) =>
  value ? <code className="code">{value}</code> : <span className="muted">—</span>;

const COLUMNS: Column<Language>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 'minmax(160px, 2fr)',
    render: (l) => <strong className="catalog-list__name">{l.name || <span className="muted">Unnamed</span>}</strong>,
  },
  { id: 'code', header: 'Code', width: 'minmax(80px, 1fr)', render: (l) => code(l.code) },
  { id: 'dcp', header: 'DCP code', width: 'minmax(80px, 1fr)', render: (l) => code(l.dcpCode) },
  { id: 'iso', header: 'ISO code', width: 'minmax(80px, 1fr)', render: (l) => code(l.isoCode) },
  {
    id: 'fonts',
    header: 'Translation fonts',
    width: 'minmax(160px, 2fr)',
    render: (l) =>
      l.translationFonts?.length ? (
        l.translationFonts.map((f) => `${f.face ?? '?'} ${f.size ?? ''}`.trim()).join(', ')
      ) : (
        <span className="muted">—</span>
      ),
  },
];

export function LanguagesPage() {
  const { canEdit } = useCatalogAccess();
  const query = useLanguageList();
  const client = useQueryClient();
  const { editing, setEditing, columns, open } = useRowEditing(COLUMNS, canEdit);
  const total = totalOf(query.data);
  return (
    <CatalogLayout
      list
      title="Languages"
      meta={total !== undefined ? plural(total, 'language') : undefined}
      actions={
        canEdit ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Add language
          </button>
        ) : undefined
      }
    >
      <CatalogList
        query={query}
        what="languages"
        noun="language"
        route="GET /languages"
        label="Languages"
        columns={columns}
        rowHeight={44}
        onOpen={open}
        empty={<strong>No languages yet.</strong>}
      />
      {editing ? (
        <LanguageDialog
          language={editing === 'new' ? undefined : editing}
          onSaved={() => void client.invalidateQueries({ queryKey: catalogKeys.languages() })}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </CatalogLayout>
  );
}
