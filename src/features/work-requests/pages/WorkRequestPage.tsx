/**
 * One work request, laid out the way a coordinator reads an order: what (asset, workflow), for whom
 * (language, territory, recipients, uses), by when (due, delivery deadline), what is there (materials,
 * files), what happened (history, comments), and the actions: change status, request an offline.
 */
import { useParams } from 'react-router';
import { DetailBreadcrumb, DetailFailed, DetailLoading } from '../../../components/DetailPage';
import { Field, Fields, YesNo } from '../../../components/Field';
import { useDocumentTitle } from '../../../components/PageTitle';
import { RouteNotice } from '../../../components/RouteNotice';
import { FoldOnPhones, Section } from '../../../components/Section';
import { StatusBadge } from '../../../components/StatusBadge';
import { RecordName } from '../../../components/RecordName';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { formatDateTime } from '../../../lib/dates';
import { personGroup, personName } from '../../../lib/people';
import { lateness } from '../../../lib/statuses';
import { AssetSection } from '../components/AssetSection';
import { AssigneeSection } from '../components/AssigneeSection';
import { CommentsSection } from '../components/CommentsSection';
import {
  DcpSection,
  DngSection,
  FilesSection,
  ListsSection,
  MaterialsSection,
  RecipientsSection,
  UsesSection,
} from '../components/DeliverySections';
import { HistoryTimeline } from '../components/HistoryTimeline';
import { OfflinesSection } from '../components/OfflinesSection';
import { DeliveriesSection } from '../components/DeliveriesSection';
import { OrderDetailsSection } from '../components/OrderDetailsSection';
import { RecordLinksSection } from '../components/RecordLinksSection';
import { StatusChangeControl } from '../components/StatusChangeControl';
import { offlineGateReason } from '../../../api/schema/offlineGate';
import { TranslationsSection } from '../components/TranslationsSection';
import { WorkflowStepper } from '../components/WorkflowStepper';
import { useWorkRequest } from '../queries';
import { movesFor, rolesFor } from '../model/statusMoves';
import { useSession } from '../../../lib/session/useSession';
import { ONE_COLUMN_MAX_WIDTH, useNarrowScreen } from '../../../lib/useNarrowScreen';
import { formatAspectRatio } from '../../../lib/format';
import '../../../components/record.css';
import '../workRequest.css';

export function WorkRequestPage() {
  const { id = '' } = useParams();
  const query = useWorkRequest(id);
  const user = useSession()?.user;
  const wr = query.data?.data;
  const oneColumn = useNarrowScreen(ONE_COLUMN_MAX_WIDTH);
  useDocumentTitle(
    wr ? `${wr.asset?.name ?? 'Work request'} — ${wr.language ?? ''}/${wr.territory ?? ''}` : 'Work request',
  );

  if (query.isPending) {
    return (
      <DetailLoading
        breadcrumb={<Breadcrumb />}
        labels={['Loading work request', 'Loading details', 'Loading history']}
      />
    );
  }
  if (query.isError || !wr) {
    return (
      <DetailFailed
        breadcrumb={<Breadcrumb />}
        error={query.error}
        onRetry={() => void query.refetch()}
        title="Could not load this work request"
        notFound={{
          title: 'Work request not found',
          text: (
            <>
              There is no work request <code className="code">{id}</code>, or you don’t have access to it.
            </>
          ),
          back: { to: '/work-requests', label: 'Back to work requests' },
        }}
      />
    );
  }

  const problems = query.data.problems;
  const late = lateness(wr.due?.date, wr.status)?.label;
  // The page's parts, laid out in two columns or, on tablets and phones, in one (below).
  const order = (
    <>
      <Section title="Order">
        <Fields columns={3}>
          <Field label="Due">
            <ZonedDateTime value={wr.due} late={late} />
          </Field>
          <Field label="Delivery deadline">
            <ZonedDateTime value={wr.deliveryDeadline} />
          </Field>
          <Field label="Requested by">
            {wr.from ? (
              <>
                {personName(wr.from)}
                {personGroup(wr.from) ? <span className="muted"> · {personGroup(wr.from)}</span> : null}
              </>
            ) : undefined}
          </Field>
          <Field label="Language">
            <code className="code">{wr.language}</code>
          </Field>
          <Field label="Territory">
            <code className="code">{wr.territory}</code>
          </Field>
          <Field label="Created">{wr.created ? formatDateTime(wr.created) : undefined}</Field>
          <Field label="Asset type">{wr.assetType}</Field>
          <Field label="Asset category">{wr.assetCategory}</Field>
          <Field label="Aspect ratio">{formatAspectRatio(wr.aspectRatio)}</Field>
          <Field label="Estimate">
            {wr.estimate?.base || wr.estimate?.applied ? (
              <>
                {wr.estimate.base ? <span>Base {wr.estimate.base}</span> : null}
                {wr.estimate.base && wr.estimate.applied ? ' · ' : null}
                {wr.estimate.applied ? <span>Applied {wr.estimate.applied}</span> : null}
              </>
            ) : undefined}
          </Field>
          <Field label="Automation">
            <span className="flags">
              <span>
                Auto <YesNo value={wr.auto} />
              </span>
              <span>
                Auto-subs <YesNo value={wr.autosubs} />
              </span>
              <span>
                Auto mode <YesNo value={wr.autoMode} />
              </span>
            </span>
          </Field>
          <Field label="Dual languages">
            <YesNo value={wr.dualLanguages} />
          </Field>
          <Field label="Audio file">{wr.audioFile ?? undefined}</Field>
          <Field label="Studio">{wr.studio ? <RecordName collection="studios" id={wr.studio} /> : undefined}</Field>
          {wr.reason ? <Field label="Latest reason">{wr.reason}</Field> : null}
        </Fields>
      </Section>
      <OrderDetailsSection wr={wr} user={user} />
    </>
  );
  // What people act on: the assignee, the translations, the offlines.
  const actions = (
    <>
      <AssigneeSection id={wr._id ?? id} wr={wr} user={user} />
      <TranslationsSection
        workRequestId={wr._id ?? id}
        translation={wr.translation}
        graphicsTranslation={wr.graphicsTranslation}
      />
      {wr._id ? (
        <OfflinesSection
          workRequestId={wr._id}
          studioSide={rolesFor(user, wr).some((r) => r === 'admin' || r === 'coordinator')}
          assetId={wr.asset?._id}
        />
      ) : null}
      {wr._id ? <DeliveriesSection workRequestId={wr._id} status={wr.status} /> : null}
    </>
  );
  const details = (
    <>
      <AssetSection
        asset={wr.asset}
        aspectRatio={wr.aspectRatio}
        canShare={rolesFor(user, wr).some((r) => r === 'admin' || r === 'coordinator')}
      />
      <Section title="Workflow">
        <WorkflowStepper workflow={wr.asset?.workflow} />
      </Section>
      <DngSection wr={wr} />
      <UsesSection wr={wr} />
      <RecipientsSection wr={wr} />
      <DcpSection wr={wr} />
      <MaterialsSection wr={wr} canUpload={rolesFor(user, wr).length > 0} />
      <FilesSection wr={wr} />
      <ListsSection wr={wr} />
    </>
  );
  const activity = (
    <>
      <Section title="History" meta={wr.history?.length ? `(${wr.history.length})` : undefined}>
        <HistoryTimeline history={wr.history} />
      </Section>
      <Section title="Project">
        <Fields columns={1}>
          <Field label="Name">{wr.project?.name}</Field>
          <Field label="Slug">{wr.project?.slug ? <code className="code">{wr.project.slug}</code> : undefined}</Field>
        </Fields>
      </Section>
      <RecordLinksSection urls={wr.urls} id={wr._id ?? id} />
    </>
  );
  const comments = wr._id ? <CommentsSection workRequestId={wr._id} /> : null;
  return (
    <div className="page">
      <Breadcrumb name={wr.asset?.name} />
      <header className="detail-header">
        <div className="detail-header__main">
          <h1 className="page__title">{wr.asset?.name ?? 'Untitled asset'}</h1>
          <p className="detail-header__sub">
            <StatusBadge status={wr.status} />
            <span>{wr.project?.name ?? 'No project'}</span>
            <span aria-hidden="true">·</span>
            <span>
              <code className="code">{wr.language ?? '—'}</code> / <code className="code">{wr.territory ?? '—'}</code>
            </span>
            {wr.assetType ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{wr.assetType}</span>
              </>
            ) : null}
            {late ? <span className="tag tag--danger">{late}</span> : null}
          </p>
        </div>
        <div className="detail-header__actions">
          {wr._id ? (
            <StatusChangeControl
              id={wr._id}
              current={wr.status}
              moves={movesFor(user, wr)}
              blockedBy={(to) => offlineGateReason(wr, to)}
            />
          ) : null}
        </div>
      </header>
      <RouteNotice />
      {problems.length ? (
        <div className="notice notice--warning" role="status">
          <strong>Some fields of this record could not be read and are left out:</strong>{' '}
          {problems
            .slice(0, 5)
            .map((p) => `${p.path || 'record'} (${p.message})`)
            .join('; ')}
          {problems.length > 5 ? ` and ${problems.length - 5} more` : ''}.
        </div>
      ) : null}

      {oneColumn ? (
        // One column (tablets and phones): the order, then what people act on, then the rest (folded on phones), and
        // the comments.
        <div className="detail-grid">
          <div className="detail-grid__main">
            {order}
            {actions}
            <FoldOnPhones>
              {details}
              {activity}
            </FoldOnPhones>
            {comments}
          </div>
        </div>
      ) : (
        <div className="detail-grid">
          <div className="detail-grid__main">
            {order}
            {details}
            {comments}
          </div>
          <aside className="detail-grid__side" aria-label="Work request activity">
            {actions}
            {activity}
          </aside>
        </div>
      )}
    </div>
  );
}

function Breadcrumb({ name }: { name?: string | undefined }) {
  return <DetailBreadcrumb to="/work-requests" label="Work requests" name={name} />;
}
