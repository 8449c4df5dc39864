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
  const studioList = useStudioList();
  const projectList = useProjectList({ archived: false });
  const languageList = useLanguageList();
  const territoryList = useTerritoryList();
  const studios = totalOf(studioList.data);
  const projects = totalOf(projectList.data);
  const languages = totalOf(languageList.data);
  const territories = totalOf(territoryList.data);
  const cards: { to: string; title: string; count: string | undefined; counting?: boolean; text: string }[] = [
    {
      to: '/catalog/studios',
      title: 'Studios',
      count: studios !== undefined ? plural(studios, 'studio') : undefined,
      counting: studioList.isPending,
      text: 'Logos, coordinator groups and preview watermarks.',
    },
    {
      to: '/catalog/projects',
      title: 'Projects',
      count: projects !== undefined ? `${plural(projects, 'active project')}` : undefined,
      counting: projectList.isPending,
      text: 'Projects with their assets, previews and files.',
    },
    {
      to: '/catalog/assets',
      title: 'Assets',
      count: undefined,
      text: 'Every asset you can see, searched by name, slug or type; picked ones go to the share queue.',
    },
    {
      to: '/catalog/languages',
      title: 'Languages',
      count: languages !== undefined ? plural(languages, 'language') : undefined,
      counting: languageList.isPending,
      text: 'Codes and translation fonts.',
    },
    {
      to: '/catalog/territories',
      title: 'Territories',
      count: territories !== undefined ? plural(territories, 'territory', 'territories') : undefined,
      counting: territoryList.isPending,
      text: 'Countries and the languages delivered there.',
    },
    {
      to: '/catalog/glossary',
      title: 'Glossary',
      count: undefined,
      text: 'Terms to keep, translate or avoid, by language.',
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
            {c.count ? (
              <p className="catalog-card__count">{c.count}</p>
            ) : c.counting ? (
              // The count's line while it loads, so the cards under this one do not move when it comes.
              <p className="catalog-card__count" aria-hidden="true">
                <span className="skeleton catalog-card__count-loading" />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </CatalogLayout>
  );
}
