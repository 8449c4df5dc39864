/**
 * The order queue's assets: a project (fixed when the queue starts from one), then any of its assets the viewer may
 * order on, ticked. The rows of the queue are these assets × the language/territory pairs.
 */
import type { Asset } from '../../../api/schema/asset';
import type { Project } from '../../../api/schema/project';
import { allows } from '../../../api/schema/computed';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { FieldError } from '../../../components/FieldError';
import { SkeletonLines } from '../../../components/Skeleton';
import type { QueueAsset } from '../model/queue';
import { useOrderProjects, useProjectAssetChoices } from '../queries';
import { ChoiceList } from './ChoiceList';

interface Props {
  project: string;
  fixedProject: boolean;
  assets: readonly QueueAsset[];
  error: string | undefined;
  onProject: (project: string) => void;
  onAssets: (assets: QueueAsset[]) => void;
}

const projectLabel = (p: Project) => p.name || p.slug || 'Untitled project';

function ProjectPicker({ project, error, onProject }: Pick<Props, 'project' | 'error' | 'onProject'>) {
  const projects = useOrderProjects(true);
  if (projects.isPending) return <SkeletonLines lines={4} label="Loading projects" />;
  if (projects.isError)
    return (
      <ErrorPanel error={projects.error} title="Could not load projects" onRetry={() => void projects.refetch()} />
    );
  const choices = projects.data.open
    .filter((p) => allows(p.$permissions, 'request') !== false)
    .flatMap((p) => (p._id ? [{ value: p._id, label: projectLabel(p) }] : []));
  return (
    <ChoiceList
      id="queue-project"
      label="Project"
      noun="project"
      showCode={false}
      choices={choices}
      value={project}
      error={project ? undefined : error}
      onChange={onProject}
    />
  );
}

function AssetChecks({ project, assets, error, onAssets }: Pick<Props, 'project' | 'assets' | 'error' | 'onAssets'>) {
  const choices = useProjectAssetChoices(project);
  if (choices.isPending) return <SkeletonLines lines={4} label="Loading the project's assets" />;
  if (choices.isError)
    return (
      <ErrorPanel
        error={choices.error}
        title="Could not load the project's assets"
        onRetry={() => void choices.refetch()}
      />
    );
  // Only the assets the viewer's grants let them order on, as in the wizard.
  const orderable = choices.data.filter((a: Asset) => a._id && allows(a.$permissions, 'request') !== false);
  if (!orderable.length) return <p className="empty">None of this project’s assets can be ordered by you.</p>;
  const chosen = new Set(assets.map((a) => a.id));
  const toggle = (asset: Asset, on: boolean) =>
    onAssets(
      on
        ? [...assets, { id: asset._id!, name: asset.name || 'Untitled asset' }]
        : assets.filter((a) => a.id !== asset._id),
    );
  return (
    <fieldset
      id="queue-assets"
      className="order-group"
      tabIndex={-1}
      aria-describedby={error ? 'queue-assets-error' : undefined}
    >
      <legend>Assets ({assets.length} chosen)</legend>
      <div className="queue-assets">
        {orderable.map((a) => (
          <label key={a._id} className="checkbox-inline order-check">
            <input type="checkbox" checked={chosen.has(a._id!)} onChange={(e) => toggle(a, e.target.checked)} />
            {[a.name || 'Untitled asset', a.type].filter(Boolean).join(' · ')}
          </label>
        ))}
      </div>
      <div className="order-actions order-actions--start">
        <button
          type="button"
          className="button button--small"
          onClick={() => onAssets(orderable.map((a) => ({ id: a._id!, name: a.name || 'Untitled asset' })))}
        >
          Choose all {orderable.length}
        </button>
        {assets.length ? (
          <button type="button" className="button button--small" onClick={() => onAssets([])}>
            Clear
          </button>
        ) : null}
      </div>
      <FieldError id="queue-assets" error={error} />
    </fieldset>
  );
}

export function QueueAssets(props: Props) {
  return (
    <div className="order-columns">
      {props.fixedProject ? null : (
        <ProjectPicker project={props.project} error={props.error} onProject={props.onProject} />
      )}
      {props.project ? (
        <AssetChecks project={props.project} assets={props.assets} error={props.error} onAssets={props.onAssets} />
      ) : (
        <p className="hint">Choose the project, then tick its assets to localize.</p>
      )}
    </div>
  );
}
