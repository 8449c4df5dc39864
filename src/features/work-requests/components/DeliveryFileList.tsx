/**
 * The delivered files by format (docs/API.md "Deliveries"): each with Download for those who may, and Remove for
 * those who may take a file delivered by mistake back — after a reason, which the history keeps. Shown on the
 * order page's Deliveries section and on the deliveries page a `delivery` notification opens.
 */
import { useState } from 'react';
import { describeError } from '../../../components/ErrorPanel';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { formatBytes } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';
import { safeHref } from '../../../lib/safeUrl';
import type { DeliveredFile, Deliveries } from '../../../api/schema/delivery';
import { useRemoveDelivery } from '../deliveryQueries';

export function DeliveryFileList({ workRequestId, data }: { workRequestId: string; data: Deliveries }) {
  const remove = useRemoveDelivery(workRequestId);
  const [removing, setRemoving] = useState<DeliveredFile | undefined>();
  return (
    <>
      <dl className="deliveries">
        {data.items.map((g) => (
          <div key={g.name} className="deliveries__format">
            <dt>{g.name}</dt>
            {g.files.map((f) => {
              const href = safeHref(f.path);
              return (
                <dd key={f._id} className="deliveries__file">
                  <span>
                    {f.name}
                    <span className="muted">
                      {f.length !== undefined ? ` · ${formatBytes(f.length)}` : ''}
                      {f.uploadDate ? ` · ${formatDateTime(f.uploadDate)}` : ''}
                    </span>
                  </span>
                  <span className="deliveries__actions">
                    {href ? (
                      <a className="button button--small" href={href} download>
                        Download<span className="visually-hidden"> {f.name}</span>
                      </a>
                    ) : null}
                    {f.mayRemove ? (
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => {
                          remove.reset();
                          setRemoving(f);
                        }}
                      >
                        Remove<span className="visually-hidden"> {f.name}</span>
                      </button>
                    ) : null}
                  </span>
                </dd>
              );
            })}
          </div>
        ))}
      </dl>
      {removing ? (
        <ReasonDialog
          title={`Remove ${removing.name}?`}
          description="It is taken out of every format it is delivered in and its download links stop working. The order keeps its status; the history records who removed it and why."
          confirmLabel="Remove file"
          hint="Say why: the reason is recorded in the order's history."
          pending={remove.isPending}
          error={remove.error ? describeError(remove.error) : undefined}
          onConfirm={({ reason }) =>
            remove.mutate({ file: removing._id, reason }, { onSuccess: () => setRemoving(undefined) })
          }
          onClose={() => setRemoving(undefined)}
        />
      ) : null}
    </>
  );
}
