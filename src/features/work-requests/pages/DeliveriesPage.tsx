/**
 * An order's deliveries on a page of their own (docs/API.md "Deliveries"): where a `delivery` notification leads,
 * since its recipients may download the files without seeing the order (a press or territory user of another
 * studio). Names the order from the deliveries' answer, lists the files with their recorded downloads, and links the
 * order page only for those who may open it.
 */
import { Link, useParams } from 'react-router';
import { DetailBreadcrumb, DetailFailed, DetailLoading } from '../../../components/DetailPage';
import { useDocumentTitle } from '../../../components/PageTitle';
import { StatusBadge } from '../../../components/StatusBadge';
import { useDeliveries } from '../deliveryQueries';
import { DeliveryFileList } from '../components/DeliveryFileList';
import '../../../components/record.css';
import '../workRequest.css';

function Breadcrumb({ name }: { name?: string | undefined }) {
  return <DetailBreadcrumb to="/notifications" label="Notifications" name={name} />;
}

export function DeliveriesPage() {
  const { id = '' } = useParams();
  const query = useDeliveries(id);
  const data = query.data?.data;
  const order = data?.workRequest;
  const name = order ? `${order.asset ?? 'Untitled asset'} — ${order.language ?? '?'}/${order.territory ?? '?'}` : '';
  useDocumentTitle(name ? `Deliveries: ${name}` : 'Deliveries');

  if (query.isPending)
    return (
      <DetailLoading
        breadcrumb={<Breadcrumb />}
        labels={['Loading deliveries', 'Loading delivered files', 'Loading the order']}
      />
    );
  if (query.isError || !data)
    return (
      <DetailFailed
        breadcrumb={<Breadcrumb />}
        error={query.error}
        onRetry={() => void query.refetch()}
        title="Could not load these deliveries"
        notFound={{
          title: 'Deliveries not found',
          text: 'There are no deliveries here for you: the order does not exist, or it has not been delivered to you.',
          back: { to: '/notifications', label: 'Back to notifications' },
        }}
      />
    );
  const count = data.items.reduce((n, g) => n + g.files.length, 0);
  return (
    <div className="page page--narrow">
      <Breadcrumb name="Deliveries" />
      <header className="deliveries-page__order">
        <h1 className="page__title">Deliveries: {name}</h1>
        <p className="detail-header__sub">
          <StatusBadge status={order?.status} />
          {order?.mayOpen ? <Link to={`/work-requests/${encodeURIComponent(id)}`}>Open the order</Link> : null}
        </p>
      </header>
      {count === 0 ? (
        <p className="muted">No files are delivered here any more.</p>
      ) : (
        <>
          <DeliveryFileList workRequestId={id} data={data} />
          {data.mayDownload ? (
            <p className="hint">Each download is recorded with your name, for the studio.</p>
          ) : (
            <p className="hint">
              You see these files; downloading them is for the requester, the studio and the recipients.
            </p>
          )}
        </>
      )}
    </div>
  );
}
