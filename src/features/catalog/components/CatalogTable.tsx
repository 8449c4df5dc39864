/**
 * The plain table of a short catalog list (an asset's previews and files; the long lists are CatalogList's
 * VirtualTables): scrolls sideways when narrow, a caption for screen readers, column headers, and an (unnamed on
 * screen) "Actions" column when the caller may act on the rows (RowAction buttons, tab stops here).
 */
import type { ReactNode } from 'react';

interface Props {
  /** Screen-reader caption: "Studios". */
  caption: string;
  /** Column headers; `{ label, className }` for a column with a class (e.g. `num`). */
  columns: (string | { label: string; className: string })[];
  /** Adds the Actions column (its cells are the caller's `<td className="catalog-table__actions">`). */
  actions?: boolean;
  className?: string;
  children: ReactNode;
}

export function CatalogTable({ caption, columns, actions = false, className = 'catalog-table', children }: Props) {
  return (
    <div className="catalog-table-wrap scroll-x">
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c} scope="col">
                  {c}
                </th>
              ) : (
                <th key={c.label} scope="col" className={c.className}>
                  {c.label}
                </th>
              ),
            )}
            {actions ? (
              <th scope="col" className="catalog-table__actions">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The Actions cell of a row; nothing when the table has no Actions column (`show` false). */
export function ActionsCell({ show = true, children }: { show?: boolean; children: ReactNode }) {
  return show ? <td className="catalog-table__actions">{children}</td> : null;
}
