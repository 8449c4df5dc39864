/**
 * Place an order (Pixwel's "Order Localized Version"; docs/API.md "Orders" and "Order wizard"): `/work-requests/new`
 * from an asset (`?asset=`, preselected) or a project (`?project=`, the first step picks one of its assets). Steps
 * with Back / Next, each checked before it is left; the draft kept per user in sessionStorage; `POST /workrequests`
 * on Place order: 201 opens the new record, a 400 puts the server's words at the fields and opens the first step
 * with one, a 403 says who may place orders, a deployment without the extension says so and keeps the form.
 */
import { SpecPicker } from '../../../components/SpecPicker';
import { useEffect, useMemo, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError, isUnavailable } from '../../../api/client';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { useDocumentTitle } from '../../../components/PageTitle';
import { Unavailable } from '../../../components/Unavailable';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { viewerTimeZone } from '../../../lib/dates';
import { canAssignOrders, canPlaceOrders } from '../../../lib/orders';
import { useSession } from '../../../lib/session/useSession';
import {
  checkAll,
  checkStep,
  emptyDraft,
  FIELD_STEP,
  fieldErrorsFromServer,
  firstStepWithError,
  serverProblems,
  STEP_LABELS,
  stepsFor,
  toOrderInput,
  withTerritory,
  type FieldErrors,
  type FieldKey,
  type OrderDraft,
  type Step,
} from '../model/draft';
import { draftKey, forgetDraft, loadDraft, saveDraft } from '../model/draftStore';
import { choiceLabel, languageChoices, territoryChoices } from '../model/pickers';
import { AssetStep } from '../components/AssetStep';
import { WithLanguages } from '../components/WithLanguages';
import { FieldError } from '../../../components/FieldError';
import { ReviewStep } from '../components/ReviewStep';
import { Stepper } from '../components/Stepper';
import { territoryZone } from '../../../lib/territoryZone';
import { DueStep, InstructionsStep, LanguageStep, LocalizeStep, UsesStep } from '../components/Steps';
import { useLanguages, useOrderAsset, useOrderProject, usePlaceOrder, useTerritories } from '../queries';
import '../../../components/record.css';
import '../orders.css';

/** The control that picks the translator (the work-requests feature's AssigneePicker, given by the app's route). */
export type AssigneePickerControl = ComponentType<{
  studio: string | null;
  value: { _id: string; name?: string | undefined } | null;
  onChange: (value: { _id: string; name?: string | undefined } | null) => void;
  label?: string;
  noneLabel?: string;
  /** The order's language and project: whom the list keeps to, and whose orders on the project it counts. */
  language?: string | undefined;
  project?: string | undefined;
  hint?: string;
}>;

const WHO_MAY_ORDER = 'Orders are placed by admins, the studio’s coordinators and its requesters (client users).';

/**
 * The wizard's start: a saved draft of the same key, else a fresh one with the asset and (from a share: the
 * recipient's own) territory code of the link filled in.
 */
function initialState(
  key: string,
  asset: string,
  territory: string,
): { step: Step; draft: OrderDraft; reached: number } {
  const fresh = { ...emptyDraft(viewerTimeZone(), asset), ...(territory ? { territory } : {}) };
  const saved = loadDraft(key);
  if (!saved) return { step: 'asset', draft: fresh, reached: 0 };
  return {
    step: saved.step,
    draft: {
      ...fresh,
      ...saved.draft,
      asset: asset || saved.draft.asset,
      territory: saved.draft.territory || territory,
    },
    reached: saved.reached ?? 0,
  };
}

/** Focuses the first field with a message (or the step's heading) once the step is on screen. */
function focusFirst(errors: FieldErrors, step: Step, heading: HTMLElement | null) {
  const keys = (Object.keys(errors) as FieldKey[]).filter((k) => errors[k] && FIELD_STEP[k] === step);
  const first = keys.map((k) => document.getElementById(k)).find((el) => el);
  (first ?? heading)?.focus();
}

export function OrderWizardPage({ assigneePicker: Picker }: { assigneePicker?: AssigneePickerControl }) {
  const [params] = useSearchParams();
  const assetParam = params.get('asset') ?? '';
  const projectParam = assetParam ? '' : (params.get('project') ?? '');
  const user = useSession()?.user;
  const canOrder = canPlaceOrders(user);
  const steps = useMemo(() => stepsFor(Picker !== undefined && canAssignOrders(user)), [Picker, user]);
  const key = draftKey(
    user?._id ?? 'anonymous',
    assetParam ? `asset:${assetParam}` : projectParam ? `project:${projectParam}` : 'list',
  );
  const [state, setState] = useState(() => initialState(key, assetParam, params.get('territory') ?? ''));
  const { step, draft } = state;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [createdId, setCreatedId] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<FieldErrors | null>(null);
  const navigate = useNavigate();
  useDocumentTitle('Place an order');

  const asset = useOrderAsset(draft.asset);
  const project = useOrderProject(asset.data?.data.project ?? '');
  const studio = project.data?.data.studio;
  const languages = useLanguages();
  const territories = useTerritories();
  const place = usePlaceOrder();

  // Only the languages the grant lets the viewer order in (the server refuses others: docs/API.md, "Ordering and
  // sharing on a grant").
  const requestable = asset.data?.data.$permissions?.sources?.requests?.languages;
  const languageList = useMemo(
    () =>
      languageChoices(
        languages.data ?? [],
        (requestable ?? []).filter((l): l is string => typeof l === 'string'),
      ),
    [languages.data, requestable],
  );
  const context = useMemo(
    () => ({
      languages: languages.data ? new Set(languageList.map((c) => c.value)) : undefined,
      territories: territories.data ? new Set(territories.data.flatMap((t) => (t.name ? [t.name] : []))) : undefined,
    }),
    [languages.data, languageList, territories.data],
  );

  useEffect(() => {
    saveDraft(key, { step, draft, reached: state.reached });
  }, [key, step, draft, state.reached]);

  useEffect(() => {
    if (pendingFocus.current) {
      focusFirst(pendingFocus.current, step, headingRef.current);
      pendingFocus.current = null;
    }
  }, [step, errors]);

  // Leave for the new record once the page has rendered without unsaved changes (so the guard lets it go).
  useEffect(() => {
    if (!createdId) return;
    void navigate(`/work-requests/${encodeURIComponent(createdId)}`, {
      state: { notice: 'Order placed. The studio’s coordinators have been notified.' },
    });
  }, [createdId, navigate]);

  const change = (patch: Partial<OrderDraft>) => {
    setDirty(true);
    setState((s) => {
      const { territory, ...rest } = patch;
      let next = { ...s.draft, ...rest };
      if (territory !== undefined) {
        const record = territories.data?.find((t) => t.name === territory);
        const countries = record?.countries?.filter((c): c is string => typeof c === 'string');
        next = withTerritory(next, territory, territoryZone(countries)?.zone);
      }
      return { ...s, draft: next };
    });
    // A field changed loses its message; the others keep theirs until the next check.
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as FieldKey];
      if ('dueDate' in patch || 'dueTime' in patch || 'zone' in patch) delete next.due;
      if ('deadlineDate' in patch || 'deadlineTime' in patch || 'zone' in patch) delete next.deliveryDeadline;
      if ('transcodes' in patch) delete next.uses;
      delete next.form;
      return next;
    });
  };

  const open = (next: Step, withErrors: FieldErrors = {}) => {
    pendingFocus.current = withErrors;
    setState((s) => ({ ...s, step: next, reached: Math.max(s.reached, steps.indexOf(next)) }));
    setAnnounce(`Step ${steps.indexOf(next) + 1} of ${steps.length}: ${STEP_LABELS[next]}`);
  };

  const index = steps.indexOf(step);
  const goNext = () => {
    const found = checkStep(step, draft, { ...context, now: Date.now() });
    if (Object.keys(found).length) {
      setErrors((e) => ({ ...e, ...found }));
      pendingFocus.current = found;
      setAnnounce('Some fields need attention before the next step.');
      return;
    }
    const next = steps[index + 1];
    if (next) open(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step !== 'review') {
      goNext();
      return;
    }
    const ctx = { ...context, now: Date.now() };
    const found = checkAll(steps, draft, ctx);
    const body = toOrderInput(draft, ctx);
    if (Object.keys(found).length || !body) {
      setErrors(found);
      const first = firstStepWithError(steps, found) ?? 'due';
      open(first, found);
      return;
    }
    place.mutate(body, {
      onSuccess: (created) => {
        forgetDraft(key);
        setDirty(false);
        setCreatedId(created.data._id ?? '');
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400) {
          const fromServer = fieldErrorsFromServer(serverProblems(error.details), steps.includes('translator'));
          if (!Object.keys(fromServer).length) fromServer.form = error.message;
          setErrors(fromServer);
          const first = firstStepWithError(steps, fromServer) ?? 'review';
          if (first !== 'review') open(first, fromServer);
        }
      },
    });
  };

  if (!canOrder) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Place an order</h1>
        <div className="notice" role="status">
          <strong>You cannot place orders.</strong>
          <span>{WHO_MAY_ORDER}</span>
        </div>
      </div>
    );
  }
  const assetRecord = asset.data?.data;
  const languageLabel = choiceLabel(languageList, draft.language);
  const territoryLabel = choiceLabel(territoryChoices(territories.data ?? [], '').choices, draft.territory);
  const withErrors = new Set((Object.keys(errors) as FieldKey[]).filter((k) => errors[k]).map((k) => FIELD_STEP[k]));
  const submitError = place.error;
  const errorCount = (Object.keys(errors) as FieldKey[]).filter((k) => errors[k] && FIELD_STEP[k] === step).length;

  return (
    <div className="page page--narrow order-wizard">
      <UnsavedChangesGuard dirty={dirty && createdId === undefined} what="an order that is not placed yet" />
      <h1 className="page__title">Place an order{assetRecord?.name ? `: ${assetRecord.name}` : ''}</h1>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      <Stepper
        steps={steps}
        current={step}
        reached={state.reached}
        withErrors={withErrors}
        onOpen={(s) => open(s, errors)}
      />
      <form className="section order-step" noValidate onSubmit={submit} aria-labelledby="order-step-title">
        <header className="section__header">
          <h2 id="order-step-title" ref={headingRef} tabIndex={-1}>
            {STEP_LABELS[step]}
          </h2>
        </header>
        <div className="section__body">
          {errorCount > 0 ? (
            <p className="form-error" role="alert">
              {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} attention: see the message
              {errorCount === 1 ? '' : 's'} below.
            </p>
          ) : null}
          {step === 'asset' ? (
            <AssetStep
              draft={draft}
              change={change}
              errors={errors}
              projectId={projectParam}
              fixedAsset={assetParam !== ''}
            />
          ) : step === 'language' ? (
            <WithLanguages>
              {(languageList, territoryList) => (
                <LanguageStep
                  draft={draft}
                  change={change}
                  errors={errors}
                  languages={languageList}
                  territories={territoryList}
                />
              )}
            </WithLanguages>
          ) : step === 'localize' ? (
            <>
              <LocalizeStep draft={draft} change={change} errors={errors} asset={assetRecord} />
              <SpecPicker
                studio={studio ?? undefined}
                project={project.data?.data._id}
                language={draft.language || undefined}
                value={draft.spec ?? ''}
                onChange={(spec, name) => change({ spec, specName: name })}
                error={errors.spec}
              />
            </>
          ) : step === 'uses' ? (
            <UsesStep draft={draft} change={change} errors={errors} asset={assetRecord} />
          ) : step === 'due' ? (
            <DueStep
              draft={draft}
              change={change}
              errors={errors}
              territoryName={territories.data?.find((t) => t.name === draft.territory)?.displayName}
            />
          ) : step === 'instructions' ? (
            <InstructionsStep draft={draft} change={change} errors={errors} />
          ) : step === 'translator' && Picker ? (
            <div id="assignee" tabIndex={-1}>
              <Picker
                studio={studio ?? null}
                language={draft.language || undefined}
                project={project.data?.data._id}
                label="Translator (optional)"
                noneLabel="Not assigned yet"
                hint="The translators of the vendors this studio works with. They are told at once and see the order in their inbox; you can assign later too."
                value={draft.assignee ? { _id: draft.assignee, name: draft.assigneeName || undefined } : null}
                onChange={(v) => change({ assignee: v?._id ?? '', assigneeName: v?.name ?? '' })}
              />
              <FieldError id="assignee" error={errors.assignee} />
            </div>
          ) : (
            <ReviewStep
              draft={draft}
              asset={assetRecord}
              languageLabel={languageLabel}
              territoryLabel={territoryLabel}
              assigneeLabel={
                draft.assignee
                  ? draft.assigneeName || 'The person chosen'
                  : 'Not assigned yet: a coordinator assigns one'
              }
              specLabel={draft.spec ? (draft.specName ?? 'The spec chosen') : 'The studio’s best match'}
              onEdit={(s) => open(s)}
            />
          )}
          {step === 'review' && errors.form ? (
            <p id="form-error" className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          {submitError && !(isApiError(submitError) && submitError.status === 400) ? (
            isUnavailable(submitError) ? (
              <Unavailable what="Placing orders">
                This deployment cannot place orders (it has no POST /workrequests). Your order is kept here: copy it to
                the studio another way, or try again later.
              </Unavailable>
            ) : isApiError(submitError) && submitError.status === 403 ? (
              <div className="notice notice--warning" role="alert">
                <strong>You may not place this order.</strong> {submitError.message}. {WHO_MAY_ORDER}
              </div>
            ) : (
              <ErrorPanel error={submitError} title="The order was not placed" />
            )
          ) : null}
          <div className="order-actions">
            {index > 0 ? (
              <button type="button" className="button" onClick={() => open(steps[index - 1]!)}>
                Back
              </button>
            ) : null}
            {step === 'review' ? (
              <button type="submit" className="button button--primary" disabled={place.isPending}>
                {place.isPending ? 'Placing the order…' : 'Place order'}
              </button>
            ) : (
              <button type="submit" className="button button--primary">
                Next: {STEP_LABELS[steps[index + 1] ?? 'review']}
              </button>
            )}
          </div>
        </div>
      </form>
    </div>
  );
}
