/**
 * The catalog's assets (`/catalog/assets?q=`): every asset the viewer sees, newest first, narrowed by the words typed
 * (a word search over the name, slug and type: `GET /assets/countByProject?q=`, docs/API.md "Search"), with each
 * asset's project. The catalog's editors pick results (a box per row) and put them, or everything found, in the share
 * queue (lib/shareQueue.ts). The words typed are kept in the address, so a link finds the same.
 */
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import type { Asset } from '../../../api/schema/asset';
import { AssetThumb } from '../../../components/AssetThumb';
import { usePhoneCards } from '../../../components/phoneCards';
import { SearchField } from '../../../components/SearchField';
import { cardColumn, RecordCard } from '../../../components/RecordCard';
import { useQuery } from '@tanstack/react-query';
import { plural } from '../../../lib/format';
import { totalOf, rowsOf } from '../../../lib/pages';
import { allProjectsOptions } from '../../../lib/referenceLists';
import { useFilterParams, withParam } from '../../../lib/useFilterParams';
import { namesOf } from '../../../lib/useRecordNames';
import { useSearchText } from '../../../lib/useSearchText';
import { ASSET_COLUMNS, assetHref, projectColumn } from '../components/assetColumns';
import { CatalogLayout } from '../components/CatalogLayout';
import { CatalogList } from '../components/CatalogList';
import { pickColumn, ShareQueueBar, useAssetPicks } from '../components/ProjectShareQueue';
import { useAssetSearch } from '../queries';
import { useCatalogAccess } from '../useCatalogAccess';
import '../catalog.css';

/** On a phone, a card: the thumbnail and name, the type as its badge, then the project and the slug. */
function assetCard(projectName: (id: string | undefined) => string | undefined) {
  return cardColumn<Asset>('Asset', (a) => (
    <RecordCard
      name={
        <span className="asset-cell">
          <AssetThumb thumbnail={a.$thumbnail} mediaType={a.mediaType} type={a.type} />
          <Link to={assetHref(a._id ?? '')} tabIndex={-1} className="truncate">
            {a.name || 'Untitled asset'}
          </Link>
        </span>
      }
      badge={a.type ? <span className="tag">{a.type}</span> : <span />}
    >
      <div className="record-card__line muted">
        <span className="truncate">{projectName(a.project) ?? ''}</span>
        <span className="truncate">{a.slug ?? ''}</span>
      </div>
    </RecordCard>
  ));
}

export function AssetSearchPage() {
  const [params, setParams] = useFilterParams();
  const q = params.get('q') ?? undefined;
  const search = useSearchText(q, (next) => setParams((current) => withParam(current, 'q', next)));
  const query = useAssetSearch(q ?? '', '');
  const total = totalOf(query.data);
  const loaded = useMemo(() => rowsOf(query.data).flatMap((r) => (r.ok ? [r.data] : [])), [query.data]);
  const picks = useAssetPicks(loaded);
  // The catalog's editors share from it (as from a project's page); the server checks each asset again when sent.
  const canShare = useCatalogAccess().canEdit;
  const projects = useQuery({ ...allProjectsOptions(), select: namesOf });
  const projectName = useCallback(
    (id: string | undefined) => (id ? projects.data?.get(id) : undefined),
    [projects.data],
  );
  const columns = useMemo(
    () => [ASSET_COLUMNS[0]!, projectColumn(projectName), ...ASSET_COLUMNS.slice(1)],
    [projectName],
  );
  const card = useMemo(() => assetCard(projectName), [projectName]);
  const lead = useMemo(() => (canShare ? [pickColumn(picks)] : []), [canShare, picks]);
  // On a phone each result is a card (docs/API.md "Lists on phones"), its box still first.
  const shown = usePhoneCards(columns, card, { row: 52, card: 84 }, lead);
  return (
    <CatalogLayout list title="Assets" meta={total !== undefined ? plural(total, 'asset') : undefined}>
      <div className="filters" role="search" aria-label="Search assets">
        <SearchField
          id="asset-search"
          search={search}
          placeholder="Name, slug or type"
          hint="Each word starts a word of the name, slug or type: “main trai” finds “Main Trailer”."
        />
      </div>
      {canShare ? (
        <ShareQueueBar filter={{ q }} total={total} picks={picks} source={q ? 'the assets found' : 'the assets'} />
      ) : null}
      <div className={shown.className}>
        <CatalogList
          query={query}
          what="assets"
          noun="asset"
          route="GET /assets/countByProject"
          label={q ? `Assets matching ${q}` : 'Assets'}
          columns={shown.columns}
          rowHeight={shown.rowHeight}
          hrefFor={assetHref}
          {...(canShare ? { selection: picks } : {})}
          empty={<strong>{q ? `No asset you can see matches “${q}”.` : 'No assets yet.'}</strong>}
        />
      </div>
    </CatalogLayout>
  );
}
