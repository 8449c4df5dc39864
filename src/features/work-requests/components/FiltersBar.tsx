/**
 * Filters and sort of the work request list, all kept in the URL. Project, language and territory choices
 * come from the catalog lists when the server has them; language and territory take names and prefixes as well as
 * codes (PlaceFilter.tsx; free text without the lists), the project filter needs the project list.
 */
import { useId } from 'react';
import type { WorkRequestFilters, WorkRequestSort } from '../../../api/workRequests';
import { SORTS, hasActiveFilters } from '../model/filters';
import { useFilterChoices } from '../listQueries';
import { StatusFilter } from './StatusFilter';
import { AssigneeFilter } from './AssigneeFilter';
import { LanguageFilter, TerritoryFilter } from './PlaceFilterSlot';
import { languageChoices, territoryChoices } from '../filterChoices';
import { useSearchText } from '../../../lib/useSearchText';
import { SearchField } from '../../../components/SearchField';

interface Props {
  filters: WorkRequestFilters;
  onChange: (patch: Partial<WorkRequestFilters>) => void;
  onClear: () => void;
  /** Load the choices for the selects (off until the list's first page is in). */
  loadChoices?: boolean;
}

export function FiltersBar({ filters, onChange, onClear, loadChoices = true }: Props) {
  const { projects, languages, territories } = useFilterChoices(loadChoices);
  const ids = useId();
  const search = useSearchText(filters.q, (q) => onChange({ q }));

  const projectItems = projects.data?.filter((p) => p._id) ?? [];
  const languageCodes = languageChoices(languages.data);
  const territoryCodes = territoryChoices(territories.data);

  return (
    <div className="filters" role="search" aria-label="Filter work requests">
      <SearchField id={`${ids}-q`} search={search} placeholder="Search asset, project, instructions…" />
      <div className="filter-field">
        <span className="filter-field__label" aria-hidden="true">
          Status
        </span>
        <StatusFilter
          value={filters.status ?? []}
          onChange={(status) => onChange({ status: status.length ? status : undefined })}
        />
      </div>
      <div className="filter-field filter-field--loaded-choices">
        <label htmlFor={`${ids}-project`}>Project</label>
        {projects.isError ? (
          <select id={`${ids}-project`} disabled title="The project list isn't available on this server">
            <option>Unavailable</option>
          </select>
        ) : (
          <select
            id={`${ids}-project`}
            value={filters.project ?? ''}
            onChange={(e) => onChange({ project: e.target.value || undefined })}
          >
            <option value="">All</option>
            {filters.project && !projectItems.some((p) => p._id === filters.project) ? (
              <option value={filters.project}>{filters.project}</option>
            ) : null}
            {projectItems.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name ?? p._id}
              </option>
            ))}
          </select>
        )}
      </div>
      <LanguageFilter
        value={filters.language}
        choices={languageCodes}
        onCommit={(language) => onChange({ language })}
      />
      <TerritoryFilter
        value={filters.territory}
        choices={territoryCodes}
        onCommit={(territory) => onChange({ territory })}
      />
      <AssigneeFilter value={filters.assignee} onChange={onChange} />
      <div className="filter-field">
        <label htmlFor={`${ids}-sort`}>Sort</label>
        <select
          id={`${ids}-sort`}
          value={filters.sort}
          onChange={(e) => onChange({ sort: e.target.value as WorkRequestSort })}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {hasActiveFilters(filters) ? (
        <button type="button" className="link-button" onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
