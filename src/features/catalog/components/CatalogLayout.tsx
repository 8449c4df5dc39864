/** The frame of every catalog page: section navigation, title, actions, and the read-only notice for translators. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useDocumentTitle } from '../../../components/PageTitle';
import { useCatalogAccess } from '../useCatalogAccess';
import '../../../components/record.css';

const SECTIONS = [
  { to: '/catalog/studios', label: 'Studios' },
  { to: '/catalog/projects', label: 'Projects' },
  { to: '/catalog/assets', label: 'Assets' },
  { to: '/catalog/languages', label: 'Languages' },
  { to: '/catalog/territories', label: 'Territories' },
  { to: '/catalog/glossary', label: 'Glossary' },
  { to: '/catalog/users', label: 'Users', users: true },
];

interface Props {
  title: string;
  /** Shown above the title (breadcrumbs on record pages). */
  breadcrumb?: ReactNode;
  actions?: ReactNode;
  meta?: ReactNode;
  children: ReactNode;
  /** Record pages: no section tabs. */
  record?: boolean;
  /** A list page: its table (CatalogList) fills the window's height below the header and filters. */
  list?: boolean;
}

export function CatalogLayout({ title, breadcrumb, actions, meta, children, record = false, list = false }: Props) {
  const access = useCatalogAccess();
  useDocumentTitle(title);
  return (
    <div className={list ? 'page page--list catalog catalog--list' : 'page catalog'}>
      {record ? null : (
        <nav className="catalog__nav" aria-label="Catalog sections">
          <ul>
            {SECTIONS.filter((s) => !s.users || access.canListUsers).map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} className="catalog__tab">
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {breadcrumb}
      <div className="page__header catalog__header">
        <h1 className="page__title">{title}</h1>
        {meta ? (
          <p className="page__count" aria-live="polite">
            {meta}
          </p>
        ) : null}
        {actions ? <div className="catalog__actions">{actions}</div> : null}
      </div>
      {access.canEdit ? null : (
        <p className="notice notice--info catalog__readonly">
          You see the part of the catalog shared with you or in your work. Changes are made by admins and coordinators.
        </p>
      )}
      {children}
    </div>
  );
}

/** Breadcrumb trail for record pages. */
export function Breadcrumb({ items }: { items: { to?: string; label: string }[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {items.map((item, i) => (
          <li key={i}>
            {item.to ? (
              <NavLink to={item.to} end>
                {item.label}
              </NavLink>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
