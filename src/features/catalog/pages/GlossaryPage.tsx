/**
 * `/catalog/glossary`: the glossary terms of the caller's studios (extension GET /glossary), filtered by studio,
 * project, language and a search, all kept in the URL (the studio and project pages link here with theirs). Admins
 * and coordinators add, edit (If-Match, the catalog's conflict handling) and delete (If-Match) terms; translators
 * read the terms of their translation in the editor.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GlossaryTerm } from '../../../api/schema/glossary';
import type { GlossaryFilters } from '../../../api/glossary';
import { RowAction } from '../../../components/RowAction';
import type { Column } from '../../../components/VirtualTable';
import { plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogLayout } from '../components/CatalogLayout';
import { CatalogList, withActions } from '../components/CatalogList';
import { GlossaryTermDialog } from '../components/GlossaryTermDialog';
import { UnlistedOption } from '../components/FormControls';
import { DeleteGlossaryTermDialog } from '../components/DeleteGlossaryTermDialog';
import { catalogKeys, useGlossaryList, useLanguageChoices, useProjectChoices, useStudioChoices } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';
import '../glossary.css';

const FILTERS = ['studio', 'project', 'language', 'search'] as const;

type Option = { value: string; label: string };

function FilterSelect(props: {
  id: string;
  label: string;
  value: string | undefined;
  options: Option[];
  disabled?: boolean;
  /** The options are loading (a value from the URL reads "Loading…", not another choice). */
  loading?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label htmlFor={props.id}>
      {props.label}
      <select
        id={props.id}
        value={props.value ?? ''}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        <UnlistedOption value={props.value ?? ''} options={props.options} loading={props.loading} />
      </select>
    </label>
  );
}

export function GlossaryPage() {
  const { canEdit } = useCatalogAccess();
  const client = useQueryClient();
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const filters: GlossaryFilters = {};
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) filters[k] = v;
  }
  const setFilter = (key: (typeof FILTERS)[number], value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === 'studio') next.delete('project');
        return next;
      },
      { replace: true },
    );
  const [searchText, setSearchText] = useState(filters.search ?? '');

  const query = useGlossaryList(filters, canEdit);
  const studioChoices = useStudioChoices();
  const projectChoices = useProjectChoices(filters.studio);
  const languageChoices = useLanguageChoices();
  const studiosData = studioChoices.data;
  const projectsData = projectChoices.data;
  const studios = useMemo(() => studiosData ?? [], [studiosData]);
  const languages = languageChoices.data ?? [];
  const projects = useMemo(() => projectsData ?? [], [projectsData]);
  const studioOptions = studios.map((s) => ({ value: s._id ?? '', label: s.name ?? s._id ?? '' }));
  const languageOptions = languages.map((l) => ({ value: l.code ?? '', label: `${l.name ?? l.code} (${l.code})` }));

  const [editing, setEditing] = useState<GlossaryTerm | 'new' | undefined>();
  const [deleting, setDeleting] = useState<GlossaryTerm | undefined>();
  const refresh = () => void client.invalidateQueries({ queryKey: catalogKeys.glossary() });
  const total = totalOf(query.data);
  const columns = useMemo((): Column<GlossaryTerm>[] => {
    const scopeName = (t: GlossaryTerm) =>
      t.project
        ? (projects.find((p) => p._id === t.project)?.name ?? 'A project')
        : (studios.find((s) => s._id === t.studio)?.name ?? 'A studio');
    const none = <span className="muted">—</span>;
    const list: Column<GlossaryTerm>[] = [
      {
        id: 'source',
        header: 'Source term',
        width: 'minmax(140px, 1.5fr)',
        render: (t) => (
          <strong className="catalog-list__name" lang={t.sourceLanguage}>
            {t.source}
            {t.caseSensitive ? <span className="glossary-flag"> (case-sensitive)</span> : null}
          </strong>
        ),
      },
      {
        id: 'translation',
        header: 'Approved translation',
        width: 'minmax(140px, 1.5fr)',
        render: (t) => <span lang={t.language}>{t.translation}</span>,
      },
      {
        id: 'forbidden',
        header: 'Forbidden',
        width: 'minmax(100px, 1fr)',
        render: (t) => (t.forbidden?.length ? <span lang={t.language}>{t.forbidden.join(', ')}</span> : none),
      },
      { id: 'language', header: 'Language', width: '80px', render: (t) => <code className="code">{t.language}</code> },
      { id: 'scope', header: 'Applies to', width: 'minmax(110px, 1fr)', render: scopeName },
      {
        id: 'notes',
        header: 'Notes',
        width: 'minmax(120px, 1.5fr)',
        render: (t) => (t.notes ? <span title={t.notes}>{t.notes}</span> : none),
      },
    ];
    return withActions(list, '140px', (t) => (
      <>
        <RowAction inGrid label="Edit" name={t.source} onClick={() => setEditing(t)} />
        <RowAction inGrid label="Delete" name={t.source} onClick={() => setDeleting(t)} />
      </>
    ));
  }, [projects, studios, setEditing, setDeleting]);
  const open = useCallback((t: GlossaryTerm) => setEditing(t), [setEditing]);

  return (
    <CatalogLayout
      list={canEdit}
      title="Glossary"
      meta={canEdit && total !== undefined ? plural(total, 'term') : undefined}
      actions={
        canEdit ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Add term
          </button>
        ) : undefined
      }
    >
      {!canEdit ? (
        <p className="notice notice--info">
          Translators see the terms that apply to their translation in the editor: highlighted in the original text,
          with the approved translation to insert.
        </p>
      ) : (
        <>
          <form
            className="glossary-filters"
            role="search"
            aria-label="Filter the glossary"
            onSubmit={(e) => {
              e.preventDefault();
              setFilter('search', searchText.trim());
            }}
          >
            <FilterSelect
              id={`${formId}-studio`}
              label="Studio"
              value={filters.studio}
              onChange={(v) => setFilter('studio', v)}
              loading={studioChoices.isPending}
              options={[{ value: '', label: 'All studios' }, ...studioOptions]}
            />
            <FilterSelect
              id={`${formId}-project`}
              label="Project"
              value={filters.project}
              disabled={!filters.studio}
              onChange={(v) => setFilter('project', v)}
              loading={projectChoices.isPending}
              options={[
                { value: '', label: 'Studio and projects' },
                { value: 'none', label: 'The studio’s own terms' },
                ...projects.map((p) => ({ value: p._id ?? '', label: p.name ?? p._id ?? '' })),
              ]}
            />
            <FilterSelect
              id={`${formId}-language`}
              label="Language"
              value={filters.language}
              onChange={(v) => setFilter('language', v)}
              loading={languageChoices.isPending}
              options={[{ value: '', label: 'All languages' }, ...languageOptions]}
            />
            <label htmlFor={`${formId}-search`}>
              Search
              <input
                id={`${formId}-search`}
                type="search"
                value={searchText}
                placeholder="Term, translation or note"
                onChange={(e) => {
                  setSearchText(e.target.value);
                  if (e.target.value === '') setFilter('search', '');
                }}
              />
            </label>
            <button type="submit" className="button">
              Search
            </button>
          </form>
          <CatalogList
            query={query}
            what="terms"
            noun="term"
            route="GET /glossary"
            label="Glossary terms"
            columns={columns}
            rowHeight={48}
            onOpen={open}
            empty={
              <strong>
                {Object.keys(filters).length ? 'No term matches these filters.' : 'No glossary terms yet.'}
              </strong>
            }
          />
        </>
      )}
      {editing ? (
        <GlossaryTermDialog
          term={editing === 'new' ? undefined : editing}
          defaults={{
            ...(filters.studio ? { studio: filters.studio } : {}),
            ...(filters.project && filters.project !== 'none' ? { project: filters.project } : {}),
            ...(filters.language ? { language: filters.language } : {}),
          }}
          studios={studioOptions}
          languages={languageOptions}
          studiosLoading={studioChoices.isPending}
          languagesLoading={languageChoices.isPending}
          onSaved={refresh}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {deleting?._id ? (
        <DeleteGlossaryTermDialog
          id={deleting._id}
          term={deleting}
          onDeleted={refresh}
          onClose={() => setDeleting(undefined)}
        />
      ) : null}
    </CatalogLayout>
  );
}
