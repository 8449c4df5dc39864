/**
 * Reports (docs/API.md "Reports"): the reports the signed-in person may run (GET /reports), one at a time, over a
 * range and filters kept in the URL (a link reproduces the report), drawn as charts beside their tables, each table
 * exported as CSV (lib/csv.ts, with its formula guard).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchReport, type ReportName, type ReportParams } from '../../../api/reports';
import { useDocumentTitle } from '../../../components/PageTitle';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useFilterParams } from '../../../lib/useFilterParams';
import {
  allGroupsOptions,
  allLanguagesOptions,
  allProjectsOptions,
  allStudiosOptions,
  allTerritoriesOptions,
} from '../../../lib/referenceLists';
import { namesOf } from '../../../lib/useRecordNames';
import { ReportChart } from '../components/ReportChart';
import { ReportTableView } from '../components/ReportTableView';
import { reportView, type Namer } from '../model/reportViews';
import { offeredReportsOptions, reportKeys } from '../offeredReports';
import '../reports.css';

const TITLES: Record<ReportName, string> = {
  orders: 'Orders',
  volume: 'Order volume',
  exceptions: 'Exceptions',
  rejections: 'Offline rejections and encodes',
  spending: 'Group spending',
  downloads: 'Downloads',
  feedback: 'Share feedback',
};
const FILTERS = ['studio', 'project', 'language', 'territory', 'group', 'vendor'] as const;
/** The filters of the reports not over orders: downloads by studio, project and the person's groups only; feedback
 * by studio, project and the recipient's territory. */
const OWN_FILTERS: Partial<Record<ReportName, readonly string[]>> = {
  downloads: ['studio', 'project', 'group'],
  feedback: ['studio', 'project', 'territory'],
};
const SERIES: readonly ReportName[] = ['volume', 'spending', 'downloads', 'feedback'];
/** What each report counts in its range (the others: orders placed). */
const COUNTED: Partial<Record<ReportName, string>> = {
  downloads: 'downloads and views',
  feedback: 'feedback first given',
};

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function ReportsPage() {
  useDocumentTitle('Reports');
  const [params, setParams] = useFilterParams();
  const offered = useQuery(offeredReportsOptions());
  const names = offered.data ?? [];
  const asked = params.get('report');
  const report = names.find((n) => n === asked) ?? names[0];

  const set = useCallback(
    (key: string, value: string) =>
      setParams((current) => {
        if (value) current.set(key, value);
        else current.delete(key);
        return current;
      }),
    [setParams],
  );

  const query: ReportParams = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const filterShown = (f: string) => !report || !OWN_FILTERS[report] || OWN_FILTERS[report].includes(f);
  for (const f of FILTERS) if (filterShown(f)) query[f] = params.get(f) ?? '';
  if (report && SERIES.includes(report)) query.by = params.get('by') ?? '';

  const answer = useQuery({
    queryKey: reportKeys.report(report, query),
    queryFn: ({ signal }) => fetchReport(report!, query, signal),
    enabled: report !== undefined,
  });

  const studios = useQuery({ ...allStudiosOptions(), select: namesOf });
  const projects = useQuery({ ...allProjectsOptions(), select: namesOf });
  const groups = useQuery(allGroupsOptions());
  const languages = useQuery(allLanguagesOptions());
  const territories = useQuery(allTerritoriesOptions());
  const groupNames = useMemo(() => namesOf(groups.data ?? []), [groups.data]);

  const name: Namer = useCallback(
    (kind, id) => {
      if (!id) return '';
      const found =
        kind === 'studio'
          ? studios.data?.get(id)
          : kind === 'project'
            ? projects.data?.get(id)
            : kind === 'group'
              ? groupNames.get(id)
              : undefined;
      return found ?? id;
    },
    [studios.data, projects.data, groupNames],
  );
  const view = report && answer.data ? reportView(report, answer.data, name) : undefined;

  if (offered.isError) return <ErrorPanel error={offered.error} onRetry={() => void offered.refetch()} />;
  if (offered.isSuccess && names.length === 0) {
    return (
      <div className="page">
        <h1 className="page__title">Reports</h1>
        <p>No report is open to you: each needs its report permission.</p>
      </div>
    );
  }

  const select = (key: string, label: string, options: [string, string][]) => (
    <div className="filter-field" key={key}>
      <label htmlFor={`report-${key}`}>{label}</label>
      <select id={`report-${key}`} value={params.get(key) ?? ''} onChange={(e) => set(key, e.target.value)}>
        <option value="">All</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  const dateField = (key: 'from' | 'to', label: string, bounds: { min?: string; max?: string }) => (
    <div className="filter-field">
      <label htmlFor={`report-${key}`}>{label}</label>
      <input
        id={`report-${key}`}
        type="date"
        value={params.get(key) ?? ''}
        {...bounds}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );
  const sorted = (entries: [string, string][]) => entries.sort((a, b) => a[1].localeCompare(b[1]));

  return (
    <div className="page reports">
      <div className="page__header">
        <h1 className="page__title">Reports</h1>
      </div>
      <nav className="report-tabs" aria-label="Reports">
        {names.map((n) => (
          <button
            key={n}
            type="button"
            className="report-tabs__tab button button--small"
            aria-current={n === report ? 'page' : undefined}
            onClick={() => set('report', n)}
          >
            {TITLES[n]}
          </button>
        ))}
      </nav>
      <div className="filters" role="search" aria-label="Report range and filters">
        {dateField('from', 'From', { max: params.get('to') || dayOf(Date.now()) })}
        {dateField('to', 'To', { min: params.get('from') ?? undefined })}
        {select('studio', 'Studio', sorted([...(studios.data ?? [])]))}
        {select('project', 'Project', sorted([...(projects.data ?? [])]))}
        {filterShown('language') &&
          select(
            'language',
            'Language',
            sorted(
              (languages.data ?? []).filter((l) => l.code).map((l) => [l.code!, `${l.name ?? l.code} (${l.code})`]),
            ),
          )}
        {filterShown('territory') &&
          select(
            'territory',
            'Territory',
            sorted((territories.data ?? []).filter((t) => t.name).map((t) => [t.name!, t.displayName || t.name!])),
          )}
        {filterShown('group') && select('group', 'Group', sorted([...groupNames]))}
        {filterShown('vendor') &&
          select(
            'vendor',
            'Vendor',
            sorted(
              (groups.data ?? [])
                .filter((g) => g._id && g.type === 'translator')
                .map((g) => [g._id!, g.name ?? g._id!]),
            ),
          )}
        {report && SERIES.includes(report) ? (
          <div className="filter-field">
            <label htmlFor="report-by">Per</label>
            <select id="report-by" value={params.get('by') ?? 'month'} onChange={(e) => set('by', e.target.value)}>
              <option value="month">Month</option>
              <option value="week">Week</option>
            </select>
          </div>
        ) : null}
      </div>
      {answer.isError ? <ErrorPanel error={answer.error} onRetry={() => void answer.refetch()} /> : null}
      {report && answer.data ? (
        <p className="page__hint">
          {TITLES[report]}: {COUNTED[report] ?? 'orders placed'} {String(answer.data.from)} to {String(answer.data.to)}{' '}
          (UTC days).
        </p>
      ) : null}
      {view ? (
        <div className="report" aria-busy={answer.isFetching || undefined}>
          <dl className="report-figures">
            {view.figures.map(([label, value]) => (
              <div key={label} className="report-figures__item">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="report-charts">
            {view.charts.map((chart) => (
              <ReportChart key={chart.id} chart={chart} />
            ))}
          </div>
          {view.tables.map((table) => (
            <ReportTableView key={table.id} table={table} fileName={`${report}-${table.id}-${query.from || 'year'}`} />
          ))}
        </div>
      ) : answer.isPending && report ? (
        <p className="page__hint" role="status">
          Loading the report…
        </p>
      ) : null}
    </div>
  );
}
