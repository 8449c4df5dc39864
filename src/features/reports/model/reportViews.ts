/**
 * What the Reports page shows of a report's answer (docs/API.md "Reports"): its charts (where people would rather
 * look than read: volume over time, on-time rate, spend by group) and its tables, each table exported as CSV as shown.
 * Pure: ids are named by `name` (studios, projects, groups, people), fields read defensively.
 */
import type { ReportAnswer, ReportName } from '../../../api/reports';
import type { CsvValue } from '../../../lib/csv';

export type Named = 'studio' | 'project' | 'group' | 'user';
export type Namer = (kind: Named, id: string | null | undefined) => string;

export interface ReportTable {
  id: string;
  title: string;
  columns: string[];
  rows: CsvValue[][];
}

export interface ReportChart {
  id: string;
  title: string;
  /** Lines over periods, or bars over categories. */
  kind: 'line' | 'bar';
  labels: string[];
  series: { label: string; values: (number | null)[] }[];
  /** How values read: a count, a share (0–1, shown as a percentage), an amount in the currency. */
  unit: 'count' | 'share' | 'amount';
}

export interface ReportView {
  /** The headline figures, label and value as shown. */
  figures: [string, string][];
  charts: ReportChart[];
  tables: ReportTable[];
}

type Row = Record<string, unknown>;

const rowsOf = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((r): r is Row => r !== null && typeof r === 'object') : [];
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const objectOf = (value: unknown): Row => (value !== null && typeof value === 'object' ? (value as Row) : {});

const percent = (share: unknown) => (typeof share === 'number' ? `${(share * 100).toFixed(1)} %` : '—');
const days = (value: unknown) => (typeof value === 'number' ? `${value} d` : '—');
const money = (value: unknown, currency: string) =>
  typeof value === 'number' ? `${value.toLocaleString('en', { maximumFractionDigits: 2 })} ${currency}` : '—';
const dateOf = (seconds: unknown) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString().slice(0, 10) : undefined;

const DELIVERY_COLUMNS = ['Placed', 'Completed', 'On time', 'Late', 'On-time rate', 'Mean turnaround (days)'];
const deliveryCells = (r: Row): CsvValue[] => [
  num(r.placed),
  num(r.completed),
  num(r.onTime),
  num(r.late),
  typeof r.onTimeRate === 'number' ? `${(r.onTimeRate * 100).toFixed(1)} %` : undefined,
  num(r.averageTurnaroundDays),
];

function ordersView(a: ReportAnswer, name: Namer): ReportView {
  const t = objectOf(a.totals);
  const byLanguage = rowsOf(a.byLanguage);
  const byVendor = rowsOf(a.byVendor);
  const top = byLanguage.filter((r) => typeof r.onTimeRate === 'number').slice(0, 12);
  return {
    figures: [
      ['Placed', String(num(t.placed) ?? 0)],
      ['Completed', String(num(t.completed) ?? 0)],
      ['Open', String(num(t.open) ?? 0)],
      ['On-time rate', percent(t.onTimeRate)],
      ['Mean turnaround', days(t.averageTurnaroundDays)],
    ],
    charts: [
      {
        id: 'on-time',
        title: 'On-time rate by language',
        kind: 'bar',
        labels: top.map((r) => str(r.language)),
        series: [{ label: 'On-time rate', values: top.map((r) => num(r.onTimeRate) ?? null) }],
        unit: 'share',
      },
    ],
    tables: [
      {
        id: 'status',
        title: 'By status',
        columns: ['Status', 'Orders'],
        rows: rowsOf(a.byStatus).map((r) => [str(r.status), num(r.count)]),
      },
      {
        id: 'language',
        title: 'By language',
        columns: ['Language', ...DELIVERY_COLUMNS],
        rows: byLanguage.map((r) => [str(r.language), ...deliveryCells(r)]),
      },
      {
        id: 'territory',
        title: 'By territory',
        columns: ['Territory', ...DELIVERY_COLUMNS],
        rows: rowsOf(a.byTerritory).map((r) => [str(r.territory), ...deliveryCells(r)]),
      },
      {
        id: 'vendor',
        title: 'By vendor',
        columns: ['Vendor', ...DELIVERY_COLUMNS],
        rows: byVendor.map((r) => [r.vendor ? name('group', str(r.vendor)) : 'Unassigned', ...deliveryCells(r)]),
      },
    ],
  };
}

/** The `top` keys of a field by count, the rest left out of the chart (the table holds them all). */
function topKeys(rows: Row[], field: string, top: number): string[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(str(r[field]), (totals.get(str(r[field])) ?? 0) + (num(r.count) ?? 0));
  return [...totals.entries()]
    .sort((x, y) => y[1] - x[1])
    .slice(0, top)
    .map(([k]) => k);
}

function volumeView(a: ReportAnswer): ReportView {
  const periods = rowsOf(a.periods);
  const labels = periods.map((p) => str(p.period));
  const byLanguage = rowsOf(a.byLanguage);
  const languages = topKeys(byLanguage, 'language', 5);
  const countAt = (period: string, language: string) =>
    num(byLanguage.find((r) => r.period === period && r.language === language)?.count) ?? 0;
  return {
    figures: [['Orders placed', String(periods.reduce((n, p) => n + (num(p.count) ?? 0), 0))]],
    charts: [
      {
        id: 'volume',
        title: `Orders placed per ${str(a.by) || 'month'}`,
        kind: 'line',
        labels,
        series: [
          { label: 'All', values: periods.map((p) => num(p.count) ?? 0) },
          ...languages.map((l) => ({ label: l, values: labels.map((p) => countAt(p, l)) })),
        ],
        unit: 'count',
      },
    ],
    tables: [
      {
        id: 'periods',
        title: 'Per period',
        columns: ['Period', 'Orders'],
        rows: periods.map((p) => [str(p.period), num(p.count)]),
      },
      {
        id: 'language',
        title: 'Per period and language',
        columns: ['Period', 'Language', 'Orders'],
        rows: byLanguage.map((r) => [str(r.period), str(r.language), num(r.count)]),
      },
      {
        id: 'territory',
        title: 'Per period and territory',
        columns: ['Period', 'Territory', 'Orders'],
        rows: rowsOf(a.byTerritory).map((r) => [str(r.period), str(r.territory), num(r.count)]),
      },
    ],
  };
}

const EXCEPTION_LABEL: Record<string, string> = {
  overdue: 'Overdue',
  rejected: 'Rejected',
  'sent-back': 'Sent back',
  cancelled: 'Cancelled',
};

function exceptionsView(a: ReportAnswer): ReportView {
  const c = objectOf(a.counts);
  const kinds: [string, unknown][] = [
    ['Overdue', c.overdue],
    ['Rejected', c.rejected],
    ['Sent back', c.sentBack],
    ['Cancelled', c.cancelled],
  ];
  return {
    figures: kinds.map(([label, n]) => [label, String(num(n) ?? 0)]),
    charts: [
      {
        id: 'kinds',
        title: 'Exceptions by kind',
        kind: 'bar',
        labels: kinds.map(([label]) => label),
        series: [{ label: 'Orders', values: kinds.map(([, n]) => num(n) ?? 0) }],
        unit: 'count',
      },
    ],
    tables: [
      {
        id: 'items',
        title: 'Exceptions (up to 100 overdue, most late first, and 100 others, newest first)',
        columns: [
          'Kind',
          'Asset',
          'Project',
          'Language',
          'Territory',
          'Status',
          'Placed',
          'Due',
          'Days late',
          'Reason',
        ],
        rows: rowsOf(a.items).map((r) => [
          EXCEPTION_LABEL[str(r.kind)] ?? str(r.kind),
          str(r.asset),
          str(r.project),
          str(r.language),
          str(r.territory),
          str(r.status),
          dateOf(r.placed),
          dateOf(r.due),
          num(r.daysLate),
          str(r.reason),
        ]),
      },
    ],
  };
}

function spendingView(a: ReportAnswer, name: Namer): ReportView {
  const currency = str(a.currency) || 'USD';
  const t = objectOf(a.totals);
  const byGroup = rowsOf(a.byGroup);
  const chartGroups = byGroup.slice(0, 12);
  const table = (id: string, title: string, label: string, rows: Row[], cell: (r: Row) => string): ReportTable => ({
    id,
    title,
    columns: [label, 'Orders', 'With an estimate', `Spend (${currency})`],
    rows: rows.map((r) => [cell(r), num(r.orders), num(r.estimated), num(r.spend)]),
  });
  const groupName = (r: Row) => (r.group ? name('group', str(r.group)) : 'No group');
  return {
    figures: [
      ['Orders', String(num(t.orders) ?? 0)],
      ['Spend', money(t.spend, currency)],
    ],
    charts: [
      {
        id: 'spend-group',
        title: 'Spend by group',
        kind: 'bar',
        labels: chartGroups.map(groupName),
        series: [{ label: `Spend (${currency})`, values: chartGroups.map((r) => num(r.spend) ?? 0) }],
        unit: 'amount',
      },
      {
        id: 'spend-time',
        title: `Spend per ${str(a.by) || 'month'}`,
        kind: 'line',
        labels: rowsOf(a.periods).map((r) => str(r.period)),
        series: [{ label: `Spend (${currency})`, values: rowsOf(a.periods).map((r) => num(r.spend) ?? 0) }],
        unit: 'amount',
      },
    ],
    tables: [
      table('group', 'By group', 'Group', byGroup, groupName),
      table('studio', 'By studio', 'Studio', rowsOf(a.byStudio), (r) => name('studio', str(r.studio))),
      table('project', 'By project', 'Project', rowsOf(a.byProject), (r) => name('project', str(r.project))),
      table('language', 'By language', 'Language', rowsOf(a.byLanguage), (r) => str(r.language)),
      table('period', 'By period', 'Period', rowsOf(a.periods), (r) => str(r.period)),
    ],
  };
}

function rejectionsView(a: ReportAnswer): ReportView {
  const t = objectOf(a.totals);
  const byLanguage = rowsOf(a.byLanguage);
  const cells = (r: Row) => [num(r.orders), num(r.rejections), num(r.encodes)];
  return {
    figures: [
      ['Orders', String(num(t.orders) ?? 0)],
      ['Offline rejections', String(num(t.rejections) ?? 0)],
      ['Encodes', String(num(t.encodes) ?? 0)],
    ],
    charts: [
      {
        id: 'rejections',
        title: 'Offline rejections and encodes by language',
        kind: 'bar',
        labels: byLanguage.map((r) => str(r.language)),
        series: [
          { label: 'Rejections', values: byLanguage.map((r) => num(r.rejections) ?? 0) },
          { label: 'Encodes', values: byLanguage.map((r) => num(r.encodes) ?? 0) },
        ],
        unit: 'count',
      },
    ],
    tables: [
      {
        id: 'language',
        title: 'By language',
        columns: ['Language', 'Orders', 'Rejections', 'Encodes'],
        rows: byLanguage.map((r) => [str(r.language), ...cells(r)]),
      },
      {
        id: 'status',
        title: 'By status',
        columns: ['Status', 'Orders', 'Rejections', 'Encodes'],
        rows: rowsOf(a.byStatus).map((r) => [str(r.status), ...cells(r)]),
      },
    ],
  };
}

function downloadsView(a: ReportAnswer, name: Namer): ReportView {
  const t = objectOf(a.totals);
  const periods = rowsOf(a.periods);
  const person = (r: Row) => str(r.name) || name('user', str(r.user));
  return {
    figures: [
      ['Downloads', String(num(t.downloads) ?? 0)],
      ['Views', String(num(t.views) ?? 0)],
      ['People', String(num(t.people) ?? 0)],
    ],
    charts: [
      {
        id: 'transfers',
        title: `Downloads and views per ${str(a.by) || 'month'}`,
        kind: 'line',
        labels: periods.map((r) => str(r.period)),
        series: [
          { label: 'Downloads', values: periods.map((r) => num(r.downloads) ?? 0) },
          { label: 'Views', values: periods.map((r) => num(r.views) ?? 0) },
        ],
        unit: 'count',
      },
    ],
    tables: [
      {
        id: 'people',
        title: 'By person',
        columns: ['Person', 'Downloads', 'Views'],
        rows: rowsOf(a.byPerson).map((r) => [person(r), num(r.downloads), num(r.views)]),
      },
      {
        id: 'latest',
        title: 'Latest (up to 100)',
        columns: ['When', 'Person', 'Kind', 'Project', 'Asset', 'Requests'],
        rows: rowsOf(a.latest).map((r) => [
          typeof r.when === 'number' ? new Date(r.when * 1000).toISOString().slice(0, 16).replace('T', ' ') : undefined,
          person(r),
          str(r.kind),
          r.project ? name('project', str(r.project)) : '',
          str(r.asset),
          num(r.requests),
        ]),
      },
    ],
  };
}

const VOTE_COLUMNS = ['Responses', 'Up', 'Down', 'Would order', 'No vote'];
const voteCells = (r: Row): CsvValue[] => [num(r.responses), num(r.up), num(r.down), num(r.order), num(r.noVote)];
const territoryOf = (r: Row, field = 'name') => str(r[field]) || str(r.territory) || 'No territory';

function feedbackView(a: ReportAnswer): ReportView {
  const t = objectOf(a.totals);
  const periods = rowsOf(a.periods);
  const byAsset = rowsOf(a.byAsset);
  const chartAssets = byAsset.slice(0, 12);
  const answers = objectOf(a.answers);
  const read = num(answers.read) ?? 0;
  const of = num(answers.of) ?? 0;
  return {
    figures: [
      ['Responses', String(num(t.responses) ?? 0)],
      ['People', String(num(t.people) ?? 0)],
      ['Assets', String(num(t.assets) ?? 0)],
      ['Up / down', `${num(t.up) ?? 0} / ${num(t.down) ?? 0}`],
      ['Would order', String(num(t.order) ?? 0)],
    ],
    charts: [
      {
        id: 'votes-asset',
        title: 'Votes by asset',
        kind: 'bar',
        labels: chartAssets.map((r) => str(r.name) || str(r.asset)),
        series: [
          { label: 'Up', values: chartAssets.map((r) => num(r.up) ?? 0) },
          { label: 'Down', values: chartAssets.map((r) => num(r.down) ?? 0) },
          { label: 'Would order', values: chartAssets.map((r) => num(r.order) ?? 0) },
        ],
        unit: 'count',
      },
      {
        id: 'feedback-time',
        title: `Responses per ${str(a.by) || 'month'}`,
        kind: 'line',
        labels: periods.map((r) => str(r.period)),
        series: [{ label: 'Responses', values: periods.map((r) => num(r.responses) ?? 0) }],
        unit: 'count',
      },
    ],
    tables: [
      {
        id: 'asset',
        title: 'By asset (up to 100, most answered first)',
        columns: ['Asset', ...VOTE_COLUMNS],
        rows: byAsset.map((r) => [str(r.name) || str(r.asset), ...voteCells(r)]),
      },
      {
        id: 'territory',
        title: 'By territory',
        columns: ['Territory', ...VOTE_COLUMNS],
        rows: rowsOf(a.byTerritory).map((r) => [territoryOf(r), ...voteCells(r)]),
      },
      {
        id: 'asset-territory',
        title: 'By asset and territory',
        columns: ['Asset', 'Territory', ...VOTE_COLUMNS],
        rows: rowsOf(a.byAssetTerritory).map((r) => [
          str(r.name) || str(r.asset),
          territoryOf(r, 'territoryName'),
          ...voteCells(r),
        ]),
      },
      {
        id: 'answers',
        title: read < of ? `Answers (of the latest ${read} of ${of} responses)` : 'Answers',
        columns: ['Question', 'Answer', 'Count'],
        rows: rowsOf(answers.questions).flatMap((q) =>
          rowsOf(q.answers).map((x): CsvValue[] => [str(q.text), str(x.answer), num(x.count)]),
        ),
      },
      {
        id: 'comments',
        title: 'Latest comments (up to 100)',
        columns: ['When', 'Person', 'Territory', 'Asset', 'Vote', 'Comment'],
        rows: rowsOf(a.latest).map((r) => [
          typeof r.when === 'number' ? new Date(r.when * 1000).toISOString().slice(0, 16).replace('T', ' ') : undefined,
          str(r.name),
          territoryOf(r, 'territoryName'),
          str(r.assetName) || str(r.asset),
          str(r.vote),
          str(r.comment),
        ]),
      },
    ],
  };
}

export function reportView(report: ReportName, answer: ReportAnswer, name: Namer): ReportView {
  switch (report) {
    case 'orders':
      return ordersView(answer, name);
    case 'volume':
      return volumeView(answer);
    case 'exceptions':
      return exceptionsView(answer);
    case 'spending':
      return spendingView(answer, name);
    case 'rejections':
      return rejectionsView(answer);
    case 'downloads':
      return downloadsView(answer, name);
    case 'feedback':
      return feedbackView(answer);
  }
}
