/**
 * What the sender (or an admin) does to a share's assets from its page, at once (docs/API.md "Managing a share"):
 * remove one, asked first since its recipients lose access as soon as it is confirmed; add the assets of the share
 * queue (lib/shareQueue.ts, filled from the catalog). A failure keeps the dialog or the queue as it was and says why.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import type { Share, ShareAsset } from '../../../api/schema/share';
import { describeError } from '../../../components/ErrorPanel';
import { Modal } from '../../../components/Modal';
import { assetOptions } from '../../../lib/catalogRecords';
import { plural } from '../../../lib/format';
import { shareQueue, useShareQueue } from '../../../lib/shareQueue';
import { notInShare } from '../model/assetEdits';
import { useChangeShareAssets } from '../queries';

/** Asks before removing `asset` from the share, then removes it. */
export function RemoveAssetDialog({
  shareId,
  share,
  asset,
  onClose,
}: {
  shareId: string;
  share: Share;
  asset: ShareAsset;
  onClose: () => void;
}) {
  const change = useChangeShareAssets(shareId);
  const name = asset.name || 'this asset';
  const people = share.to?.length ?? 0;
  const onlyOne = (share.assets?.length ?? 0) <= 1;
  if (onlyOne) {
    return (
      <Modal title="The share’s only asset" onClose={onClose}>
        <div className="modal__body">
          <p>
            {name} is the only asset of this share, and a share holds at least one. To stop sharing it, end the share
            (Details, “Ends”), or add other assets first.
          </p>
          <div className="modal__actions">
            <button type="button" className="button" onClick={onClose} data-autofocus>
              Close
            </button>
          </div>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={`Remove ${name} from this share?`} onClose={() => (change.isPending ? undefined : onClose())}>
      <div className="modal__body">
        <p>
          {people
            ? `Its ${plural(people, 'recipient')} lose access to it at once: it leaves their playlist, and their links to its previews and files stop working.`
            : 'It leaves the share at once.'}{' '}
          The feedback already given on it is kept. You can add it again later.
        </p>
        {change.isError ? (
          <p className="form-error" role="alert">
            Not removed: {describeError(change.error)}
          </p>
        ) : null}
        <div className="modal__actions">
          <button type="button" className="button" onClick={onClose} disabled={change.isPending} data-autofocus>
            Keep it
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={change.isPending}
            onClick={() => change.mutate({ remove: [asset._id ?? ''] }, { onSuccess: onClose })}
          >
            {change.isPending ? 'Removing…' : change.isError ? 'Try again' : 'Remove now'}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The share queue's assets this share does not hold, added in one step; a hint to fill the queue otherwise. */
export function AddQueuedAssets({ shareId, share, blocked }: { shareId: string; share: Share; blocked: boolean }) {
  const queued = useShareQueue();
  const ids = notInShare(share, queued);
  const names = useQueries({ queries: ids.map((id) => assetOptions(id)) });
  const change = useChangeShareAssets(shareId);
  const [added, setAdded] = useState<number>();
  const add = () => {
    setAdded(undefined);
    change.mutate(
      { add: ids },
      {
        onSuccess: () => {
          for (const id of ids) shareQueue.remove(id);
          setAdded(ids.length);
        },
      },
    );
  };
  return (
    <div className="share-add-assets" aria-label="Add assets" role="group">
      {ids.length ? (
        <>
          <p>
            <strong>{plural(ids.length, 'asset')} in your share queue</strong>{' '}
            <span className="muted">
              {ids
                .map((id, i) => names[i]?.data?.data.name ?? (names[i]?.isError ? 'an asset you cannot read' : '…'))
                .join(', ')}
            </span>
          </p>
          <div className="share-add-assets__actions">
            <button type="button" className="button" onClick={add} disabled={blocked || change.isPending}>
              {change.isPending ? 'Adding…' : `Add ${ids.length === 1 ? 'it' : `these ${ids.length}`} to this share`}
            </button>
            <Link to="/catalog" className="button">
              Find more in the catalog
            </Link>
          </div>
        </>
      ) : (
        <p className="muted">
          To add assets, put them in the share queue from the <Link to="/catalog">catalog</Link> (an asset, a search’s
          results, a project or an order: “Add to share”), then come back here.
        </p>
      )}
      {blocked && ids.length ? (
        <p className="hint">Save or discard your changes first: assets are added at once, apart from them.</p>
      ) : null}
      <div aria-live="polite">
        {change.isError ? (
          <p className="form-error" role="alert">
            Not added: {describeError(change.error)} The assets are still in your queue.
          </p>
        ) : added ? (
          <p className="yes">
            Added {plural(added, 'asset')}. The recipients the whole share reached can open{' '}
            {added === 1 ? 'it' : 'them'} now.
          </p>
        ) : null}
      </div>
    </div>
  );
}
