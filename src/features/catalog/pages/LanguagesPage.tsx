/** Languages: the list (extension GET /languages); add through POST /languages (operation 16). */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogLayout } from '../components/CatalogLayout';
import { CatalogTable } from '../components/CatalogTable';
import { LanguageDialog } from '../components/LanguageDialog';
import { ListState } from '../components/ListState';
import { catalogKeys, loaded, useLanguageList } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

export function LanguagesPage() {
  const { canEdit } = useCatalogAccess();
  const query = useLanguageList();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const languages = loaded(query.data);
  const total = totalOf(query.data);
  return (
    <CatalogLayout
      title="Languages"
      meta={total !== undefined ? plural(total, 'language') : undefined}
      actions={
        canEdit ? (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add language
          </button>
        ) : undefined
      }
    >
      <ListState query={query} what="languages" route="GET /languages" empty={<strong>No languages yet.</strong>}>
        <CatalogTable caption="Languages" columns={['Name', 'Code', 'DCP code', 'ISO code', 'Translation fonts']}>
          {languages.map((l) => (
            <tr key={l._id ?? l.code}>
              <th scope="row">{l.name || <span className="muted">Unnamed</span>}</th>
              <td>
                <code className="code">{l.code ?? '—'}</code>
              </td>
              <td>{l.dcpCode ? <code className="code">{l.dcpCode}</code> : <span className="muted">—</span>}</td>
              <td>{l.isoCode ? <code className="code">{l.isoCode}</code> : <span className="muted">—</span>}</td>
              <td>
                {l.translationFonts?.length ? (
                  l.translationFonts.map((f) => `${f.face ?? '?'} ${f.size ?? ''}`.trim()).join(', ')
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </CatalogTable>
        <p className="hint catalog__foot">
          The interface adds languages but has no operation to change one; ask an administrator of the service to
          correct a language.
        </p>
      </ListState>
      {adding ? (
        <LanguageDialog
          onSaved={() => void client.invalidateQueries({ queryKey: catalogKeys.languages() })}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </CatalogLayout>
  );
}
