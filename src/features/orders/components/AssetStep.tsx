/**
 * The asset step: the asset the order starts from (from its page), or one of a project's assets to choose (from
 * the project's page), or a project and then one of its assets (from the work-request list). Found by name like
 * languages are.
 */
import type { Asset } from '../../../api/schema/asset';
import { allows } from '../../../api/schema/computed';
import { AssetThumb } from '../../../components/AssetThumb';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonLines } from '../../../components/Skeleton';
import { useState } from 'react';
import { WHOLE_LIST_CAP } from '../../../api/everyPage';
import type { Project } from '../../../api/schema/project';
import { useDebounced } from '../../../lib/useDebounced';
import type { Choice } from '../model/pickers';
import { useOrderAsset, useOrderProjects, useProjectAssetChoices, useProjectSearch } from '../queries';
import { ChoiceList } from './ChoiceList';
import { FieldError } from '../../../components/FieldError';
import type { StepProps } from './Steps';

export function AssetSummary({ asset }: { asset: Asset }) {
  return (
    <div className="order-asset">
      <AssetThumb
        thumbnail={asset.$thumbnail}
        mediaType={asset.mediaType}
        type={asset.type}
        size="large"
        label={asset.name ? `Thumbnail of ${asset.name}` : 'Thumbnail'}
      />
      <div>
        <p className="order-asset__name">{asset.name || 'Untitled asset'}</p>
        <p className="muted">{[asset.type, asset.mediaType].filter(Boolean).join(' · ')}</p>
      </div>
    </div>
  );
}

function ProjectAssets({ draft, change, errors, projectId }: StepProps & { projectId: string }) {
  const assets = useProjectAssetChoices(projectId);
  if (!projectId) return null;
  if (assets.isPending) return <SkeletonLines lines={4} label="Loading the project's assets" />;
  if (assets.isError)
    return (
      <ErrorPanel
        error={assets.error}
        title="Could not load the project's assets"
        onRetry={() => void assets.refetch()}
      />
    );
  // Only the assets the viewer's grants let them order on ($permissions `request`; without a block, by role).
  const orderable = assets.data.filter((a: Asset) => allows(a.$permissions, 'request') !== false);
  if (!orderable.length)
    return (
      <p className="empty">
        {assets.data.length
          ? 'None of this project’s assets can be ordered by you.'
          : 'This project has no assets to order yet.'}
      </p>
    );
  return (
    <ChoiceList
      id="asset"
      label="Asset"
      noun="asset"
      showCode={false}
      choices={orderable.flatMap((a: Asset) =>
        a._id ? [{ value: a._id, label: [a.name || 'Untitled asset', a.type].filter(Boolean).join(' · ') }] : [],
      )}
      value={draft.asset}
      error={errors.asset}
      onChange={(asset) => change({ asset })}
    />
  );
}

const projectChoice = (p: Project): Choice[] =>
  p._id ? [{ value: p._id, label: p.name || p.slug || 'Untitled project' }] : [];

function ProjectChoice({ draft, change, errors }: StepProps) {
  const projects = useOrderProjects(true);
  const [typed, setTyped] = useState('');
  // The one chosen stays a choice when a later search does not find it.
  const [picked, setPicked] = useState<Choice | undefined>(undefined);
  const query = useDebounced(typed.trim(), 250);
  // More projects than the whole list holds: what is typed is searched by the server.
  const searchAll = projects.data !== undefined && !projects.data.complete;
  const found = useProjectSearch(query, searchAll);
  if (projects.isPending) return <SkeletonLines lines={4} label="Loading projects" />;
  if (projects.isError)
    return (
      <ErrorPanel error={projects.error} title="Could not load projects" onRetry={() => void projects.refetch()} />
    );
  const searched = searchAll && query !== '';
  const source = searched && found.data ? found.data : projects.data.open;
  // Only projects where an order may start ($permissions `request`; without a block, by role).
  const choices = source.filter((p) => allows(p.$permissions, 'request') !== false).flatMap(projectChoice);
  if (picked && picked.value === draft.project && !choices.some((c) => c.value === picked.value)) choices.push(picked);
  // Typed but not settled yet, or asked and not answered: the list below is not the search's answer yet.
  const searching = searchAll && typed.trim() !== '' && (typed.trim() !== query || found.isFetching);
  return (
    <div className="order-columns">
      <ChoiceList
        id="project"
        label="Project"
        noun="project"
        showCode={false}
        choices={choices}
        value={draft.project}
        error={draft.project ? undefined : errors.asset}
        hint={
          searchAll
            ? `More than ${WHOLE_LIST_CAP.toLocaleString('en')} projects: the first are listed, type a name to search them all.`
            : undefined
        }
        onQueryChange={searchAll ? setTyped : undefined}
        searching={
          searching
            ? 'Searching all projects…'
            : searched && found.isError
              ? 'Could not search the projects.'
              : undefined
        }
        onChange={(project) => {
          setPicked(choices.find((c) => c.value === project));
          change({ project, asset: '' });
        }}
      />
      {draft.project ? (
        <ProjectAssets draft={draft} change={change} errors={errors} projectId={draft.project} />
      ) : (
        <p className="hint">Choose the project, then the asset to localize.</p>
      )}
    </div>
  );
}

export function AssetStep({
  draft,
  change,
  errors,
  projectId,
  fixedAsset,
}: StepProps & { projectId: string; fixedAsset: boolean }) {
  const chosen = useOrderAsset(fixedAsset ? draft.asset : '');
  if (fixedAsset) {
    if (chosen.isPending) return <SkeletonLines lines={2} label="Loading the asset" />;
    if (chosen.isError)
      return <ErrorPanel error={chosen.error} title="Could not load the asset" onRetry={() => void chosen.refetch()} />;
    return (
      <div id="asset" tabIndex={-1}>
        <AssetSummary asset={chosen.data.data} />
        <FieldError id="asset" error={errors.asset} />
      </div>
    );
  }
  if (projectId) return <ProjectAssets draft={draft} change={change} errors={errors} projectId={projectId} />;
  return <ProjectChoice draft={draft} change={change} errors={errors} />;
}
