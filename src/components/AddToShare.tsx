/**
 * "Add to share" for one asset (an asset's page, an order's page): puts it in the share queue (lib/shareQueue.ts);
 * once queued, a link to send the queue (/shares/new) saying how many it holds.
 */
import { Link } from 'react-router';
import { shareQueue, useShareQueue } from '../lib/shareQueue';

export function AddToShare({ assetId }: { assetId: string }) {
  const queued = useShareQueue();
  return queued.includes(assetId) ? (
    <Link to="/shares/new" className="button">
      In the share queue ({queued.length}): send
    </Link>
  ) : (
    <button type="button" className="button" onClick={() => shareQueue.add(assetId)}>
      Add to share
    </button>
  );
}
