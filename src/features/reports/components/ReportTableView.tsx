/** One report table with its CSV export (the table as shown: lib/csv.ts, with its formula guard). */
import { csvDocument } from '../../../lib/csv';
import { downloadText } from '../../../lib/download';
import type { ReportTable } from '../model/reportViews';

export function ReportTableView({ table, fileName }: { table: ReportTable; fileName: string }) {
  const headingId = `report-table-${table.id}`;
  return (
    <section className="report-table" aria-labelledby={headingId}>
      <div className="report-table__header">
        <h2 id={headingId} className="report-table__title">
          {table.title}
        </h2>
        <button
          type="button"
          className="button button--small"
          disabled={table.rows.length === 0}
          onClick={() =>
            downloadText(`${fileName}.csv`, csvDocument(table.columns, table.rows), 'text/csv;charset=utf-8')
          }
        >
          Export CSV<span className="visually-hidden"> of {table.title}</span>
        </button>
      </div>
      {table.rows.length === 0 ? (
        <p className="table-empty">Nothing for this range and these filters.</p>
      ) : (
        <div className="report-table__scroll" tabIndex={0} role="region" aria-labelledby={headingId}>
          <table className="data-table">
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j} className={typeof cell === 'number' ? 'num' : undefined}>
                      {/* No figure (e.g. no delivery yet to rate): a dash on screen, an empty cell in the CSV. */}
                      {cell ?? '—'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
