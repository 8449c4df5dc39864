/**
 * The order's deliveries (docs/API.md "Deliveries"): its final files by format, each with Download for those who may
 * (the requester, the studio; the recipients once the order is complete) and Remove (DeliveryFileList.tsx), and, for the assignee and the studio while
 * the order is worked on or reviewed, a format and an upload: the file goes up resumably (the uploads tray), then is
 * attached as that format's file, by the upload itself even when this page was left.
 */
import { useCallback, useId, useState } from 'react';
import { UploadPanel } from '../../../components/uploads/UploadPanel';
import { describeError, ErrorPanel } from '../../../components/ErrorPanel';
import { Section } from '../../../components/Section';
import { SkeletonLines } from '../../../components/Skeleton';
import { DELIVERY_ATTACH_STATUSES, DELIVERY_FORMAT_MAX } from '../../../api/schema/delivery';
import { useAttachDelivery, useDeliveries } from '../deliveryQueries';
import { DeliveryFileList } from './DeliveryFileList';

/** Formats studios ask for most; any other may be typed. */
const COMMON_FORMATS = ['SRT', 'WebVTT', 'EBU-STL', 'TTML', 'SCC', 'ProRes 422 HQ', 'DCP', 'Audio stems'];

function AttachDelivery({ workRequestId }: { workRequestId: string }) {
  const attach = useAttachDelivery(workRequestId);
  const [format, setFormat] = useState('');
  const id = useId();
  const trimmed = format.trim();
  const after = useCallback((file: string) => attach.mutateAsync({ format: trimmed, file }), [attach, trimmed]);
  return (
    <div className="delivery-attach">
      <label htmlFor={`${id}-format`}>Format</label>
      <input
        id={`${id}-format`}
        className="input"
        list={`${id}-formats`}
        value={format}
        maxLength={DELIVERY_FORMAT_MAX}
        placeholder="SRT, EBU-STL, ProRes 422 HQ…"
        aria-describedby={`${id}-hint`}
        onChange={(e) => setFormat(e.target.value)}
      />
      <datalist id={`${id}-formats`}>
        {COMMON_FORMATS.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="hint">
        {trimmed ? `The file is delivered as ${trimmed}.` : 'Name the format first, then upload its file.'}
      </p>
      <UploadPanel
        target={{ workrequest: workRequestId }}
        purpose={`delivery:${workRequestId}`}
        label="Upload delivery file"
        multiple={false}
        disabled={trimmed === ''}
        after={after}
      />
      {attach.error ? (
        <p className="form-error" role="alert">
          {describeError(attach.error)}
        </p>
      ) : null}
    </div>
  );
}

export function DeliveriesSection({ workRequestId, status }: { workRequestId: string; status: string | undefined }) {
  const query = useDeliveries(workRequestId);
  const data = query.data?.data;
  const count = data?.items.reduce((n, g) => n + g.files.length, 0) ?? 0;
  const attachable = DELIVERY_ATTACH_STATUSES.includes(status ?? '');
  return (
    <Section title="Deliveries" meta={count ? `(${count})` : undefined}>
      {query.isPending ? (
        <SkeletonLines lines={2} label="Loading deliveries" />
      ) : query.isError ? (
        <ErrorPanel
          error={query.error}
          title="Could not load deliveries"
          onRetry={() => void query.refetch()}
          compact
        />
      ) : (
        <>
          {count === 0 ? (
            <p className="muted">
              {status === 'complete' ? 'Completed without delivery files.' : 'No files delivered yet.'}
            </p>
          ) : (
            <DeliveryFileList workRequestId={workRequestId} data={data!} />
          )}
          {status === 'complete' && count > 0 ? (
            <p className="hint">Delivered: the recipients were told and may download these files.</p>
          ) : null}
          {data?.mayAttach && attachable ? <AttachDelivery workRequestId={workRequestId} /> : null}
        </>
      )}
    </Section>
  );
}
