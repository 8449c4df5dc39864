/**
 * The share's assets as a grid of cards: thumbnail, name, type, media type, length, project, and the
 * viewer's `$permissions` / `$feedback`. Each name opens through the share's per-asset URL (`urls[assetId]`):
 * in the app when it is one of our pages (the asset opens in a dialog over the share), otherwise as an
 * external http(s) link; never a `javascript:` or `data:` one.
 */
import { Link } from 'react-router';
import type { Share, ShareAsset } from '../../../api/schema/share';
import { AssetFeedback, AssetPermissions } from '../../../components/AssetPermissions';
import { AssetThumb } from '../../../components/AssetThumb';
import { Field, Fields, YesNo } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { formatDate } from '../../../lib/dates';
import { safeHref } from '../../../lib/safeUrl';
import { formatLength, projectNameOf } from '../model/display';
import type { RecordLink } from '../../../lib/recordLinks';
import { assetUrl } from '../model/urls';
import '../../../components/record.css';

interface GridProps {
  share: Share;
  shareId: string;
  projectNames: ReadonlyMap<string, string>;
  /** The sender's "Remove from share" on each card (disabled, saying why, while `removeBlocked`). */
  onRemove?: ((asset: ShareAsset) => void) | undefined;
  removeBlocked?: boolean;
  /** The viewer sent the share: cards count the votes instead of asking for theirs. */
  viewerIsSender?: boolean;
}

function origin(): string {
  return window.location.origin;
}

function AssetLink({ url, name }: { url: RecordLink | undefined; name: string }) {
  if (url?.to)
    return (
      <Link to={url.to} className="asset-card__name">
        {name}
      </Link>
    );
  const href = safeHref(url?.href);
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className="asset-card__name">
        {name}
        <span className="visually-hidden"> (opens in a new tab)</span> <span aria-hidden="true">↗</span>
      </a>
    );
  }
  return (
    <span className="asset-card__name asset-card__name--plain">
      {name}
      <span className="hint"> The share carries no link for this asset.</span>
    </span>
  );
}

export function AssetGrid({
  share,
  shareId,
  projectNames,
  onRemove,
  removeBlocked,
  viewerIsSender = false,
}: GridProps) {
  const assets = share.assets ?? [];
  if (!assets.length) {
    return (
      <p className="muted">
        {share.assetsCount
          ? `This share holds ${share.assetsCount} assets, but the record lists none.`
          : 'No assets in this share.'}
      </p>
    );
  }
  return (
    <ul className="asset-grid" aria-label="Shared assets">
      {assets.map((a, i) => {
        const name = a.name || 'Untitled asset';
        const length = formatLength(a.length);
        const project = projectNameOf(a, share, projectNames);
        return (
          <li key={a._id ?? i} className="asset-card">
            <AssetThumb thumbnail={a.$thumbnail} mediaType={a.mediaType} type={a.type} size="large" />
            <div className="asset-card__body">
              <AssetLink url={assetUrl(share.urls, a._id, shareId, origin())} name={name} />
              <p className="asset-card__meta">
                <span>{a.type ?? 'No type'}</span>
                <span aria-hidden="true">·</span>
                <span>{a.mediaType ?? 'No media type'}</span>
                {length ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <span>
                      <span className="visually-hidden">Length </span>
                      {length}
                    </span>
                  </>
                ) : null}
              </p>
              <p className="asset-card__project truncate">
                <span className="visually-hidden">Project: </span>
                {project ?? (a.project ? null : 'No project')}
              </p>
              <AssetPermissions value={a.$permissions} compact label={`What you may do with ${name}`} />
              <AssetFeedback value={a.$feedback} compact voter={!viewerIsSender} />
              {onRemove ? (
                <button
                  type="button"
                  className="button button--small asset-card__remove"
                  onClick={() => onRemove(a)}
                  disabled={removeBlocked}
                  aria-label={`Remove ${name} from this share`}
                  title={removeBlocked ? 'Save or discard your changes first' : undefined}
                >
                  Remove from share
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** One shared asset, opened from its per-asset URL (`/shares/:id/assets/:assetId`). */
export function AssetDialog({
  share,
  assetId,
  projectNames,
  onClose,
}: {
  share: Share;
  assetId: string;
  projectNames: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const asset: ShareAsset | undefined = share.assets?.find((a) => a._id === assetId);
  if (!asset) {
    return (
      <Modal title="Asset not in this share" onClose={onClose}>
        <div className="share-asset-dialog">
          <p>The asset this link names is not part of this share (any more).</p>
          <div className="modal__actions">
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      </Modal>
    );
  }
  const length = formatLength(asset.length);
  return (
    <Modal title={asset.name || 'Untitled asset'} onClose={onClose}>
      <div className="share-asset-dialog">
        <div className="asset-block">
          <AssetThumb
            thumbnail={asset.$thumbnail}
            mediaType={asset.mediaType}
            type={asset.type}
            size="large"
            label={`Thumbnail of ${asset.name || 'the asset'}`}
          />
          <div className="asset-block__fields">
            <Fields columns={2}>
              <Field label="Type">{asset.type}</Field>
              <Field label="Media type">{asset.mediaType}</Field>
              <Field label="Length">{length ?? (asset.length === 0 ? 'Still (no duration)' : undefined)}</Field>
              <Field label="Project">{projectNameOf(asset, share, projectNames) ?? asset.project}</Field>
              <Field label="Creative">
                <YesNo value={asset.creative} />
              </Field>
              <Field label="Added">{asset.created ? formatDate(asset.created) : undefined}</Field>
            </Fields>
          </div>
        </div>
        <h3 className="subheading">Permissions</h3>
        <AssetPermissions value={asset.$permissions} />
        <h3 className="subheading">Feedback</h3>
        <AssetFeedback value={asset.$feedback} linkShare={false} />
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
