/** /catalog: the sections of the catalog, each with what it holds and how many. */
import { Link } from 'react-router';
import { plural } from '../../../lib/format';
import { totalOf } from '../../../lib/pages';
import { CatalogLayout } from '../components/CatalogLayout';
import { useLanguageList, useProjectList, useStudioList, useTerritoryList } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

export function CatalogPage() {
  const access = useCatalogAccess();
  const studios = totalOf(useStudioList().data);
  const projects = totalOf(useProjectList({ archived: false }).data);
  const languages = totalOf(useLanguageList().data);
  const territories = totalOf(useTerritoryList().data);
  const cards = [
    {
      to: '/catalog/studios',
      title: 'Studios',
      count: studios !== undefined ? plural(studios, 'studio') : undefined,
      text: 'Logos, coordinator groups and preview watermarks.',
    },
    {
      to: '/catalog/projects',
      title: 'Projects',
      count: projects !== undefined ? `${plural(projects, 'active project')}` : undefined,
      text: 'Projects with their assets, previews and files.',
    },
    {
      to: '/catalog/languages',
      title: 'Languages',
      count: languages !== undefined ? plural(languages, 'language') : undefined,
      text: 'Codes and translation fonts.',
    },
    {
      to: '/catalog/territories',
      title: 'Territories',
      count: territories !== undefined ? plural(territories, 'territory', 'territories') : undefined,
      text: 'Countries and the languages delivered there.',
    },
    ...(access.canListUsers
      ? [
          {
            to: '/catalog/users',
            title: 'Users',
            count: undefined,
            text: 'People, their groups and invitation status.',
          },
        ]
      : []),
  ];
  return (
    <CatalogLayout title="Catalog">
      <ul className="catalog-cards">
        {cards.map((c) => (
          <li key={c.to} className="catalog-card">
            <h2>
              <Link to={c.to}>{c.title}</Link>
            </h2>
            <p className="muted">{c.text}</p>
            {c.count ? <p className="catalog-card__count">{c.count}</p> : null}
          </li>
        ))}
      </ul>
    </CatalogLayout>
  );
}
