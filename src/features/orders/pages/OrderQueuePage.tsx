/**
 * The order queue (docs/API.md, "Order queue"): `/work-requests/queue` (`?project=<id>` starts from a project) places
 * several assets × several language/territory pairs at once, with the wizard's shared fields (what to localize,
 * uses, due date, instructions: the wizard's own step components) and a due date per row where one differs. Review
 * checks every row and asks the server which repeat an open or rejected order (a dry run), shown per row with a
 * link; Place sends them all in one `POST /workrequests/batch` (all or none). A failed placing keeps the queue, its
 * problems at their rows; the queue is kept in sessionStorage until placed.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError, isUnavailable } from '../../../api/client';
import { duplicatesOfConflict } from '../../../api/orderBatch';
import type { OrderDuplicate } from '../../../api/schema/orderBatch';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { Unavailable } from '../../../components/Unavailable';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { viewerTimeZone } from '../../../lib/dates';
import { canPlaceOrders } from '../../../lib/orders';
import { useSession } from '../../../lib/session/useSession';
import { territoryZone } from '../../../lib/territoryZone';
import { emptyDraft, serverProblems, withTerritory, type FieldErrors, type OrderDraft } from '../model/draft';
import { choiceLabel, languageChoices, territoryChoices } from '../model/pickers';
import {
  hasPair,
  queueBatch,
  rowErrorsFromServer,
  type OrderQueue,
  type QueuePair,
  type QueueRow,
} from '../model/queue';
import { forgetQueue, loadQueue, queueKey, saveQueue } from '../model/queueStore';
import { QueueAssets } from '../components/QueueAssets';
import { WithLanguages } from '../components/WithLanguages';
import { QueueRows } from '../components/QueueRows';
import { DueStep, InstructionsStep, LanguageStep, LocalizeStep, UsesStep } from '../components/Steps';
import { useLanguages, usePlaceOrderBatch, useTerritories } from '../queries';
import '../../../components/record.css';
import '../orders.css';

/** The time the queue's due dates are checked against, read when the person acts (never during a render). */
const clock = () => Date.now();

/** One numbered part of the queue's page: a section with its heading. */
function QueueSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <header className="section__header">
        <h2 id={`${id}-title`}>{title}</h2>
      </header>
      <div className="section__body">{children}</div>
    </section>
  );
}

/**
 * Whether every row is due at the shared date and time in its territory's own zone (6 PM in Paris and 6 PM in Tokyo)
 * or at one instant in the shared zone; the territories' zones named.
 */
function LocalTimes({ queue, onChange }: { queue: OrderQueue; onChange: (localTimes: boolean) => void }) {
  const zoned = queue.pairs.filter((p) => p.zone);
  const unzoned = queue.pairs.filter((p) => !p.zone);
  const on = queue.localTimes !== false;
  return (
    <div className="form-field">
      <label className="checkbox-field">
        <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} />
        <span>
          Due at the same local time in each territory
          <span className="hint checkbox-field__hint" id="queue-local-times-hint">
            {on
              ? zoned.length
                ? `Each order's date and time are in its territory's zone (${zoned.map((p) => `${p.territory}: ${p.zone}`).join(', ')})${unzoned.length ? `; ${unzoned.map((p) => p.territory).join(', ')} in the zone below` : ''}.`
                : 'Each order is due in its territory’s own zone; the zone below is for territories without one.'
              : 'Every order is due at the same moment, in the zone below.'}
          </span>
        </span>
      </label>
    </div>
  );
}

function freshQueue(project: string): OrderQueue {
  return {
    project,
    assets: [],
    pairs: [],
    shared: emptyDraft(viewerTimeZone()),
    overrides: {},
    removed: [],
    localTimes: true,
  };
}

export function OrderQueuePage() {
  const [params] = useSearchParams();
  const projectParam = params.get('project') ?? '';
  const user = useSession()?.user;
  const key = queueKey(user?._id ?? 'anonymous', projectParam ? `project:${projectParam}` : 'list');
  const [queue, setQueue] = useState<OrderQueue>(() => {
    const saved = loadQueue(key);
    return saved ? { ...saved, project: projectParam || saved.project } : freshQueue(projectParam);
  });
  const [pair, setPair] = useState<OrderDraft>(() => emptyDraft(viewerTimeZone()));
  const [pairError, setPairError] = useState<FieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const [shown, setShown] = useState(false);
  const [duplicates, setDuplicates] = useState<OrderDuplicate[] | undefined>(undefined);
  const [confirmDuplicates, setConfirmDuplicates] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ byRow: Record<string, FieldErrors>; other: string[] }>({
    byRow: {},
    other: [],
  });
  const [placed, setPlaced] = useState<{ id: string; name: string }[]>();
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const languages = useLanguages();
  const territories = useTerritories();
  const batch = usePlaceOrderBatch();
  useDocumentTitle('Order queue');

  useEffect(() => saveQueue(key, queue), [key, queue]);

  // The moment the queue was last changed: its due dates are checked against it (again when it is reviewed).
  const [now, setNow] = useState(() => Date.now());
  const known = useMemo(
    () => ({
      languages: languages.data ? new Set(languages.data.flatMap((l) => (l.code ? [l.code] : []))) : undefined,
      territories: territories.data ? new Set(territories.data.flatMap((t) => (t.name ? [t.name] : []))) : undefined,
    }),
    [languages.data, territories.data],
  );
  const check = useMemo(() => queueBatch(queue, { ...known, now }), [queue, known, now]);

  /** Any change outdates the duplicates found and the server's words. */
  const update = (next: (q: OrderQueue) => OrderQueue) => {
    setDirty(true);
    setNow(clock());
    setQueue(next);
    setDuplicates(undefined);
    setConfirmDuplicates(false);
    setServerErrors({ byRow: {}, other: [] });
    batch.reset();
  };
  const changeShared = (patch: Partial<OrderDraft>) => update((q) => ({ ...q, shared: { ...q.shared, ...patch } }));

  /** A territory's own time zone (its first country's), when one is known. */
  const zoneOf = (territory: string) => {
    const record = territories.data?.find((t) => t.name === territory);
    return territoryZone(record?.countries?.filter((c): c is string => typeof c === 'string'))?.zone;
  };
  const changePair = (patch: Partial<OrderDraft>) => {
    setPairError({});
    setPair((d) => {
      const { territory, ...rest } = patch;
      const next = { ...d, ...rest };
      return territory === undefined ? next : withTerritory(next, territory, zoneOf(territory));
    });
  };
  const addPair = () => {
    const errors: FieldErrors = {};
    if (!pair.language) errors.language = 'Choose a language.';
    if (!pair.territory) errors.territory = 'Choose a territory.';
    const next: QueuePair = { language: pair.language, territory: pair.territory, zone: zoneOf(pair.territory) };
    if (!Object.keys(errors).length && hasPair(queue.pairs, next))
      errors.territory = 'This language and territory are in the queue already.';
    setPairError(errors);
    if (Object.keys(errors).length) return;
    update((q) => ({ ...q, pairs: [...q.pairs, next] }));
    setPair((d) => ({ ...d, language: '', territory: '' }));
  };

  const languageList = languageChoices(languages.data ?? []);
  const territoryList = territoryChoices(territories.data ?? [], '').choices;
  const pairLabel = (p: QueuePair) =>
    `${choiceLabel(languageList, p.language)} · ${choiceLabel(territoryList, p.territory)}`;
  const rowName = (row: QueueRow) => `${row.asset.name}, ${pairLabel(row)}`;

  const review = () => {
    setShown(true);
    const at = clock();
    setNow(at);
    const check = queueBatch(queue, { ...known, now: at });
    if (!check.orders) {
      reviewRef.current?.focus();
      return;
    }
    batch.mutate(
      { orders: check.orders, dryRun: true },
      {
        onSuccess: (result) => setDuplicates(result.duplicates),
        onError: (error) => onBatchError(error, check.rows),
        onSettled: () => reviewRef.current?.focus(),
      },
    );
  };

  const onBatchError = (error: unknown, rows: readonly QueueRow[]) => {
    if (!isApiError(error)) return;
    if (error.status === 400) setServerErrors(rowErrorsFromServer(rows, serverProblems(error.details)));
    if (error.status === 409) setDuplicates(duplicatesOfConflict(error.details));
  };

  const place = () => {
    if (!check.orders || duplicates === undefined) return;
    const rows = check.rows;
    batch.mutate(
      { orders: check.orders, allowDuplicates: confirmDuplicates },
      {
        onSuccess: (result) => {
          forgetQueue(key);
          setDirty(false);
          setPlaced(result.items.map((item, i) => ({ id: item._id, name: rows[i] ? rowName(rows[i]) : item._id })));
          setQueue(freshQueue(projectParam));
          setDuplicates(undefined);
          setShown(false);
        },
        onError: (error) => {
          onBatchError(error, rows);
          reviewRef.current?.focus();
        },
      },
    );
  };

  if (!canPlaceOrders(user))
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Order queue</h1>
        <div className="notice" role="status">
          <strong>You cannot place orders.</strong>
          <span>Orders are placed by admins, the studio’s coordinators and its requesters (client users).</span>
        </div>
      </div>
    );

  if (placed)
    return (
      <div className="page page--narrow order-queue">
        <h1 className="page__title">Order queue</h1>
        <div className="notice" role="status">
          <strong>
            {placed.length} {placed.length === 1 ? 'order' : 'orders'} placed.
          </strong>{' '}
          The studio’s coordinators have been notified.
        </div>
        <ul className="queue-placed" aria-label="Orders placed">
          {placed.map((p) => (
            <li key={p.id}>
              <Link to={`/work-requests/${encodeURIComponent(p.id)}`}>{p.name}</Link>
            </li>
          ))}
        </ul>
        <div className="order-actions order-actions--start">
          <Link to="/work-requests" className="button">
            Work requests
          </Link>
          <button type="button" className="button button--primary" onClick={() => setPlaced(undefined)}>
            Queue more orders
          </button>
        </div>
      </div>
    );

  const rowCount = check.rows.length;
  const duplicateRows = new Set((duplicates ?? []).map((d) => d.index));
  const error = batch.error;
  const sharedErrors = shown ? check.shared : {};
  return (
    <div className="page page--narrow order-wizard order-queue">
      <UnsavedChangesGuard dirty={dirty && placed === undefined} what="an order queue that is not placed yet" />
      <h1 className="page__title">Order queue</h1>
      <p className="muted">
        Several assets in several languages at once, with the same instructions and due date. One order at a time:{' '}
        <Link
          to={projectParam ? `/work-requests/new?project=${encodeURIComponent(projectParam)}` : '/work-requests/new'}
        >
          the order wizard
        </Link>
        .
      </p>

      <QueueSection id="queue-assets" title="1. Assets">
        <QueueAssets
          project={queue.project}
          fixedProject={projectParam !== ''}
          assets={queue.assets}
          error={shown && !queue.assets.length ? 'Choose at least one asset.' : undefined}
          onProject={(project) => update((q) => ({ ...q, project, assets: [] }))}
          onAssets={(assets) => update((q) => ({ ...q, assets }))}
        />
      </QueueSection>

      <QueueSection id="queue-pairs" title="2. Languages and territories">
        <WithLanguages>
          {(languageList, territoryList) => (
            <>
              <LanguageStep
                draft={pair}
                change={changePair}
                errors={pairError}
                languages={languageList}
                territories={territoryList}
              />
              <div className="order-actions order-actions--start">
                <button type="button" className="button" onClick={addPair}>
                  Add to the queue
                </button>
              </div>
            </>
          )}
        </WithLanguages>
        {queue.pairs.length ? (
          <ul className="queue-pairs" aria-label="Languages and territories in the queue">
            {queue.pairs.map((p) => (
              <li key={`${p.language}|${p.territory}`}>
                <span>{pairLabel(p)}</span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Remove ${pairLabel(p)}`}
                  onClick={() =>
                    update((q) => ({
                      ...q,
                      pairs: q.pairs.filter((x) => x.language !== p.language || x.territory !== p.territory),
                    }))
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={shown ? 'form-error' : 'hint'}>
            {shown ? 'Add at least one language and territory.' : 'Add each language and territory to order in.'}
          </p>
        )}
      </QueueSection>

      <QueueSection id="queue-shared" title="3. For every order">
        <LocalizeStep draft={queue.shared} change={changeShared} errors={sharedErrors} asset={undefined} />
        <UsesStep draft={queue.shared} change={changeShared} errors={sharedErrors} asset={undefined} />
        <LocalTimes queue={queue} onChange={(localTimes) => update((q) => ({ ...q, localTimes }))} />
        <DueStep draft={queue.shared} change={changeShared} errors={sharedErrors} />
        <InstructionsStep draft={queue.shared} change={changeShared} errors={sharedErrors} />
      </QueueSection>

      <section className="section" aria-labelledby="queue-review-title">
        <header className="section__header">
          <h2 id="queue-review-title" ref={reviewRef} tabIndex={-1}>
            4. Review {rowCount} {rowCount === 1 ? 'order' : 'orders'}
          </h2>
        </header>
        <div className="section__body">
          {shown && (check.empty || Object.keys(check.shared).length || Object.keys(check.byRow).length) ? (
            <p className="form-error" role="alert">
              {check.empty ?? 'Some fields need attention: see the messages above and in the rows.'}
            </p>
          ) : null}
          <QueueRows
            rows={check.rows}
            pairLabel={pairLabel}
            duplicates={duplicates ?? []}
            errors={{ ...(shown ? check.byRow : {}), ...serverErrors.byRow }}
            onDue={(row, due) =>
              update((q) => {
                const overrides = { ...q.overrides };
                if (due) overrides[row.key] = due;
                else delete overrides[row.key];
                return { ...q, overrides };
              })
            }
            onRemove={(row) => update((q) => ({ ...q, removed: [...q.removed, row.key] }))}
          />
          {queue.removed.length ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => update((q) => ({ ...q, removed: [] }))}
            >
              Put back the {queue.removed.length} rows taken out
            </button>
          ) : null}
          {serverErrors.other.length ? (
            <p className="form-error" role="alert">
              {serverErrors.other.join(' ')}
            </p>
          ) : null}
          {duplicates !== undefined && duplicateRows.size > 0 ? (
            <div className="notice notice--warning" role="alert">
              <strong>
                {duplicateRows.size === 1 ? 'One row repeats' : `${duplicateRows.size} rows repeat`} an open or rejected
                order.
              </strong>{' '}
              Take {duplicateRows.size === 1 ? 'it' : 'them'} out, or confirm:
              <label className="checkbox-inline">
                <input
                  type="checkbox"
                  checked={confirmDuplicates}
                  onChange={(e) => setConfirmDuplicates(e.target.checked)}
                />
                Place {duplicateRows.size === 1 ? 'it' : 'them'} anyway
              </label>
            </div>
          ) : null}
          {duplicates !== undefined && duplicateRows.size === 0 && !batch.isPending ? (
            <p className="notice" role="status">
              All {rowCount} rows checked: none repeats an open or rejected order.
            </p>
          ) : null}
          {error && !(isApiError(error) && (error.status === 400 || error.status === 409)) ? (
            isUnavailable(error) ? (
              <Unavailable what="The order queue">
                This deployment cannot place orders in a batch (it has no POST /workrequests/batch). Your queue is kept
                here: place the orders one at a time with the wizard.
              </Unavailable>
            ) : (
              <ErrorPanel error={error} title="The orders were not placed: your queue is kept" />
            )
          ) : null}
          <div className="order-actions">
            {duplicates === undefined ? (
              <button type="button" className="button button--primary" onClick={review} disabled={batch.isPending}>
                {batch.isPending ? 'Checking…' : `Check ${rowCount} ${rowCount === 1 ? 'order' : 'orders'}`}
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                onClick={place}
                disabled={batch.isPending || (duplicateRows.size > 0 && !confirmDuplicates) || !check.orders}
              >
                {batch.isPending ? 'Placing…' : `Place ${rowCount} ${rowCount === 1 ? 'order' : 'orders'}`}
              </button>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
