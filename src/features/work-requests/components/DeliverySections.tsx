/**
 * What the order asks for: dialogue/narration/graphics, uses with their details and ship flags, DCP,
 * recipients by delivery type, materials checklist, files, and the tag/rejection/encode lists.
 * Lists whose element shape the spec does not show are rendered as readable text (lib/format describeUnknown).
 */
import { RECIPIENT_KEYS, type WorkRequest } from '../../../api/schema/workRequest';
import { Section } from '../../../components/Section';
import { describeUnknown, keyLabel } from '../../../lib/format';
import '../../../components/record.css';
import { UploadPanel } from '../../../components/uploads/UploadPanel';
import { describeError } from '../../../components/ErrorPanel';
import { allMaterialsIn } from '../../../api/schema/materials';
import { useAttachMaterialFile } from '../assigneeQueries';

/** A list of values; `codes` when they are codes ("localized-graphics"), shown in words ("Localized graphics"). */
function Values({
  items,
  empty = 'None',
  codes = false,
}: {
  items: unknown[] | undefined;
  empty?: string;
  codes?: boolean;
}) {
  if (!items?.length) return <span className="muted">{empty}</span>;
  return (
    <ul className="value-list">
      {items.map((v, i) => (
        <li key={i}>{codes && typeof v === 'string' ? keyLabel(v) : describeUnknown(v)}</li>
      ))}
    </ul>
  );
}

export function DngSection({ wr }: { wr: WorkRequest }) {
  const dng = wr.dng;
  return (
    <Section title="Dialogue, narration & graphics">
      <dl className="fields fields--3">
        {(['dialogue', 'narration', 'graphics'] as const).map((k) => (
          <div className="field" key={k}>
            <dt>{keyLabel(k)}</dt>
            <dd>
              <Values items={dng?.[k]} codes />
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

export function UsesSection({ wr }: { wr: WorkRequest }) {
  const items = wr.uses?.items ?? [];
  const details = wr.uses?.details ?? {};
  const names = [...new Set([...items, ...Object.keys(details)])];
  return (
    <Section title="Uses" meta={names.length ? `(${names.length})` : undefined}>
      {names.length === 0 ? (
        <p className="muted">No uses.</p>
      ) : (
        <div className="scroll-x">
          <table className="mini-table">
            <thead>
              <tr>
                <th scope="col">Use</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {names.map((name) => (
                <tr key={name}>
                  <th scope="row">
                    {keyLabel(name)}
                    {!items.includes(name) ? <span className="muted"> (details only)</span> : null}
                  </th>
                  <td>
                    {details[name]?.length ? (
                      <ul className="value-list">
                        {details[name].map((d, i) => (
                          <li key={i}>
                            {d.value ?? '—'}{' '}
                            {d.ship === undefined ? null : d.ship ? (
                              <span className="tag tag--ship">Ships</span>
                            ) : (
                              <span className="tag">Doesn’t ship</span>
                            )}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

export function DcpSection({ wr }: { wr: WorkRequest }) {
  return (
    <Section title="DCP">
      <dl className="fields fields--2">
        <div className="field">
          <dt>Items</dt>
          <dd>
            <Values items={wr.dcp?.items} />
          </dd>
        </div>
        <div className="field">
          <dt>Details</dt>
          <dd>
            <Values items={wr.dcp?.details} />
          </dd>
        </div>
      </dl>
    </Section>
  );
}

export function RecipientsSection({ wr }: { wr: WorkRequest }) {
  const recipients = wr.recipients ?? {};
  const known: readonly string[] = RECIPIENT_KEYS;
  const keys = [
    ...RECIPIENT_KEYS.filter((k) => k in recipients),
    ...Object.keys(recipients).filter((k) => !known.includes(k)),
  ];
  const withEntries = keys.filter((k) => (recipients[k]?.length ?? 0) > 0);
  const emptyKeys = keys.filter((k) => (recipients[k]?.length ?? 0) === 0);
  return (
    <Section title="Recipients by delivery type">
      {withEntries.length === 0 ? (
        <p className="muted">No recipients.</p>
      ) : (
        <dl className="fields fields--2">
          {withEntries.map((k) => (
            <div className="field" key={k}>
              <dt>{k}</dt>
              <dd>
                <Values items={recipients[k]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {emptyKeys.length ? <p className="hint">No recipients for: {emptyKeys.join(', ')}.</p> : null}
      {wr.shippingAddresses?.length ? (
        <>
          <h3 className="subheading">Shipping addresses</h3>
          <Values items={wr.shippingAddresses} />
        </>
      ) : null}
    </Section>
  );
}

/** The materials checklist; an item still missing takes a file (uploaded into the order, then put in the item). */
export function MaterialsSection({ wr, canUpload }: { wr: WorkRequest; canUpload: boolean }) {
  const materials = wr.materials ?? [];
  const done = materials.filter((m) => m.complete).length;
  const id = wr._id ?? '';
  const attach = useAttachMaterialFile(id);
  return (
    <Section title="Materials" meta={materials.length ? `(${done} of ${materials.length} complete)` : undefined}>
      {materials.length === 0 ? (
        <p className="muted">No materials listed.</p>
      ) : (
        <ul className="checklist">
          {materials.map((m, i) => (
            <li key={i} className={m.complete ? 'is-complete' : undefined}>
              <span className="checklist__box" aria-hidden="true">
                {m.complete ? '✓' : ''}
              </span>
              <span className="checklist__name">{m.name ?? 'Unnamed material'}</span>
              <span className="checklist__state">
                {m.complete ? 'Complete' : 'Missing'}
                {m.approved ? ' · approved' : m.approved === false ? ' · not approved' : ''}
                {m.files?.length ? ` · ${m.files.length} file${m.files.length === 1 ? '' : 's'}` : ''}
              </span>
              {canUpload && !m.complete && m.name && id ? (
                <MaterialUpload
                  workRequestId={id}
                  name={m.name}
                  onUploaded={(fileId) => attach.mutateAsync({ name: m.name!, fileId })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {allMaterialsIn(materials) && wr.status === 'awaiting-materials' ? (
        <p className="hint" role="status">
          Every material is in: the order can move on to “In progress”.
        </p>
      ) : null}
      {attach.error ? (
        <p className="form-error" role="alert">
          {describeError(attach.error)}
        </p>
      ) : null}
    </Section>
  );
}

/** One missing item's upload: the file goes into the order, then into the item. */
function MaterialUpload({
  workRequestId,
  name,
  onUploaded,
}: {
  workRequestId: string;
  name: string;
  /** Run by the upload once the file is stored (even when this page was left). */
  onUploaded: (fileId: string) => Promise<unknown>;
}) {
  const purpose = `material:${workRequestId}:${name}`;
  return (
    <UploadPanel
      target={{ workrequest: workRequestId }}
      purpose={purpose}
      label={`Upload ${name}`}
      multiple={false}
      after={onUploaded}
    />
  );
}

export function FilesSection({ wr }: { wr: WorkRequest }) {
  const groups = wr.files ?? [];
  return (
    <Section title="Files" meta={groups.length ? `(${groups.length} groups)` : undefined}>
      {groups.length === 0 ? (
        <p className="muted">No files.</p>
      ) : (
        <dl className="fields fields--2">
          {groups.map((g, i) => (
            <div className="field" key={i}>
              <dt>{g.name ?? `Group ${i + 1}`}</dt>
              <dd>
                <Values items={g.files} empty="No files yet" />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}

export function ListsSection({ wr }: { wr: WorkRequest }) {
  return (
    <Section title="Tags, rejections & encodes">
      <dl className="fields fields--3">
        <div className="field">
          <dt>Tags</dt>
          <dd>
            <Values items={wr.tags} />
          </dd>
        </div>
        <div className="field">
          <dt>Rejections</dt>
          <dd>
            <Values items={wr.rejections} />
          </dd>
        </div>
        <div className="field">
          <dt>Encodes</dt>
          <dd>
            <Values items={wr.encodes} />
          </dd>
        </div>
        {wr.graphicsAutomationJobs?.length ? (
          <div className="field">
            <dt>Graphics automation jobs</dt>
            <dd>
              <Values items={wr.graphicsAutomationJobs} />
            </dd>
          </div>
        ) : null}
      </dl>
    </Section>
  );
}
