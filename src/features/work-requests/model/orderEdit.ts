/**
 * Editing an order (docs/API.md "Orders", `PUT /workrequests/{id}`): the form a record opens, its checks, the body
 * that carries only what changed, and, after a 409, the per-field choice between their version and mine. Pure.
 */
import type { OrderChange } from '../../../api/schema/order';
import { INSTRUCTIONS_MAX, isTimeZone, REQUESTER_EDITS_IN } from '../../../api/schema/order';
import type { User } from '../../../api/schema/user';
import type { WorkRequest } from '../../../api/schema/workRequest';
import { fromWallClock, toWallClock } from '../../../lib/wallClock';
import { describeChange, describeValue, type ChangeNames, type FieldChange } from './changeWords';
import { rolesFor } from './statusMoves';

export const EDITED_FIELDS = ['due', 'deliveryDeadline', 'instructions', 'tags', 'materials', 'spec'] as const;
export type EditedField = (typeof EDITED_FIELDS)[number];

export const FIELD_LABELS: Record<EditedField, string> = {
  due: 'Due date',
  deliveryDeadline: 'Delivery deadline',
  instructions: 'Instructions',
  tags: 'Tags',
  materials: 'Materials checklist',
  spec: 'Delivery specification',
};

/**
 * Whether the user may change the order's fields (the server's rule, docs/API.md "Orders"): admins and the studio's
 * coordinators always; the requester while the order is `incomplete` or `submitted`; translators never.
 */
export function mayEditOrder(user: User | undefined, wr: WorkRequest): boolean {
  const roles = rolesFor(user, wr);
  if (roles.includes('admin') || roles.includes('coordinator')) return true;
  return roles.includes('requester') && REQUESTER_EDITS_IN.includes(wr.status ?? '');
}

export const TAGS_MAX = 30;
export const TAG_LENGTH_MAX = 50;
export const MATERIALS_MAX = 100;
export const MATERIAL_NAME_MAX = 200;

export interface ZonedDraft {
  /** `YYYY-MM-DDTHH:mm` on the zone's wall clock; empty when not set. */
  local: string;
  tz: string;
}

export interface MaterialDraft {
  /** A key for the list on screen (not sent). */
  key: string;
  name: string;
  complete: boolean;
  approved: boolean;
  /** The item's files as the record has them (kept as they are). */
  files: unknown[];
}

export interface OrderForm {
  due: ZonedDraft;
  deliveryDeadline: ZonedDraft;
  instructions: string;
  tags: string[];
  materials: MaterialDraft[];
  /** The delivery specification named (its id), or '' for the studio's best match. */
  spec: string;
}

/** Messages by form field: `due`, `deliveryDeadline`, `instructions`, `tags`, `materials`, `materials.2.name`. */
export type OrderErrors = Record<string, string>;

/** The values a field stands for, as the server stores them: what is compared and sent. */
export interface OrderValues {
  due: { date: number; tz: string } | null;
  deliveryDeadline: { date: number; tz: string } | null;
  instructions: string;
  tags: string[];
  materials: { name: string; complete: boolean; approved: boolean; files: unknown[] }[];
  spec: string;
}

let keys = 0;
const newKey = () => `m${++keys}`;

function zonedDraft(value: { date?: number | undefined; tz?: string | undefined } | undefined, fallbackTz: string) {
  const tz = value?.tz && isTimeZone(value.tz) ? value.tz : fallbackTz;
  return { local: value?.date === undefined ? '' : toWallClock(value.date, tz), tz };
}

/** The form a record opens with; dates on the wall clock of their own zone (the viewer's when they have none). */
export function formFromRecord(wr: WorkRequest, viewerTz: string): OrderForm {
  const due = zonedDraft(wr.due, viewerTz);
  return {
    due,
    deliveryDeadline: zonedDraft(wr.deliveryDeadline, due.tz),
    instructions: wr.instructions ?? '',
    tags: (wr.tags ?? []).filter((t): t is string => typeof t === 'string'),
    materials: (wr.materials ?? []).map((m) => ({
      key: newKey(),
      name: m.name ?? '',
      complete: m.complete ?? false,
      approved: m.approved ?? false,
      files: m.files ?? [],
    })),
    spec: wr.spec ?? '',
  };
}

export function valuesOfRecord(wr: WorkRequest): OrderValues {
  const zoned = (v: { date?: number | undefined; tz?: string | undefined } | undefined) =>
    v?.date === undefined ? null : { date: v.date, tz: v.tz ?? '' };
  return {
    due: zoned(wr.due),
    deliveryDeadline: zoned(wr.deliveryDeadline),
    instructions: wr.instructions ?? '',
    tags: (wr.tags ?? []).filter((t): t is string => typeof t === 'string'),
    materials: (wr.materials ?? []).map((m) => ({
      name: m.name ?? '',
      complete: m.complete ?? false,
      approved: m.approved ?? false,
      files: m.files ?? [],
    })),
    spec: wr.spec ?? '',
  };
}

/** Tags as typed: trimmed, empty ones dropped, each once (first spelling kept, compared without case). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

function zonedValue(draft: ZonedDraft): { date: number; tz: string } | null | undefined {
  if (!draft.local) return null;
  const date = fromWallClock(draft.local, draft.tz);
  return date === undefined ? undefined : { date, tz: draft.tz };
}

/** The form's values (a date that cannot be read: undefined; `validate` says why). */
export function valuesOfForm(form: OrderForm): OrderValues {
  return {
    due: zonedValue(form.due) ?? null,
    deliveryDeadline: zonedValue(form.deliveryDeadline) ?? null,
    instructions: form.instructions,
    tags: normalizeTags(form.tags),
    materials: form.materials.map((m) => ({
      name: m.name.trim(),
      complete: m.complete,
      approved: m.approved,
      files: m.files,
    })),
    spec: form.spec,
  };
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose value differs between two versions. */
export function changedFields(a: OrderValues, b: OrderValues): EditedField[] {
  return EDITED_FIELDS.filter((f) => !sameValue(a[f], b[f]));
}

/** Problems of the form, by field (the server checks the same and more; its `details` land on the same fields). */
export function validateOrderForm(form: OrderForm, base: OrderValues, nowSeconds: number): OrderErrors {
  const errors: OrderErrors = {};
  const checkZoned = (field: 'due' | 'deliveryDeadline', draft: ZonedDraft, label: string) => {
    if (!isTimeZone(draft.tz)) errors[field] = `Choose a time zone such as Europe/Paris (“${draft.tz}” is not one).`;
    else if (!draft.local) {
      if (base[field]) errors[field] = `${label} cannot be removed; choose another date instead.`;
    } else if (fromWallClock(draft.local, draft.tz) === undefined)
      errors[field] = `Enter the date and time as day, month, year, hours and minutes.`;
  };
  checkZoned('due', form.due, 'The due date');
  checkZoned('deliveryDeadline', form.deliveryDeadline, 'The delivery deadline');
  const values = valuesOfForm(form);
  if (!errors.due && !values.due) errors.due = 'Choose a due date.';
  if (!errors.due && values.due && !sameValue(values.due, base.due) && values.due.date <= nowSeconds)
    errors.due = 'The due date is in the past; choose a later one.';
  if (
    !errors.deliveryDeadline &&
    values.deliveryDeadline &&
    values.due &&
    values.deliveryDeadline.date < values.due.date
  )
    errors.deliveryDeadline = 'The delivery deadline is before the due date.';
  if (form.instructions.length > INSTRUCTIONS_MAX)
    errors.instructions = `At most ${INSTRUCTIONS_MAX.toLocaleString()} characters (now ${form.instructions.length.toLocaleString()}).`;
  if (values.tags.length > TAGS_MAX) errors.tags = `At most ${TAGS_MAX} tags.`;
  const long = values.tags.find((t) => t.length > TAG_LENGTH_MAX);
  if (long) errors.tags = `“${long.slice(0, 20)}…” is longer than ${TAG_LENGTH_MAX} characters.`;
  if (form.materials.length > MATERIALS_MAX) errors.materials = `At most ${MATERIALS_MAX} materials.`;
  form.materials.forEach((m, i) => {
    const name = m.name.trim();
    if (!name) errors[`materials.${i}.name`] = 'Name this material, or remove it.';
    else if (name.length > MATERIAL_NAME_MAX)
      errors[`materials.${i}.name`] = `At most ${MATERIAL_NAME_MAX} characters.`;
  });
  return errors;
}

/** The body of the save: only the fields that differ from the version the edit started from. */
export function buildOrderChange(base: OrderValues, form: OrderForm): OrderChange {
  const values = valuesOfForm(form);
  const change: OrderChange = {};
  for (const field of changedFields(base, values)) {
    if (field === 'due' || field === 'deliveryDeadline') {
      const v = values[field];
      if (v) change[field] = v;
    } else if (field === 'instructions') change.instructions = values.instructions;
    else if (field === 'tags') change.tags = values.tags;
    // No spec named: the studio's best match applies again (docs/API.md "Delivery specifications").
    else if (field === 'spec') change.spec = values.spec || null;
    else change.materials = values.materials;
  }
  return change;
}

/** The edits of a form, in words (the dialog's summary, the conflict view's "your changes"). */
export function describeEdits(from: OrderValues, to: OrderValues, names: ChangeNames = {}): string[] {
  return changedFields(from, to).map((field) =>
    describeChange({ field, from: from[field], to: to[field] } satisfies FieldChange, names),
  );
}

/** A field both sides changed differently: the user chooses. `theirs` and `mine` are the two values in words. */
export interface FieldConflict {
  field: EditedField;
  label: string;
  theirs: string;
  mine: string;
}

export interface ConflictSummary {
  /** What they changed, in words (fields I did not touch: their value is taken). */
  theirs: string[];
  /** What I changed that they did not (kept). */
  mine: string[];
  /** Fields both changed to different values. */
  both: FieldConflict[];
}

/** After a 409: the version the edit started from, my form and theirs, field by field. */
export function summarizeConflict(
  base: OrderValues,
  form: OrderForm,
  theirs: OrderValues,
  names: ChangeNames = {},
): ConflictSummary {
  const mine = valuesOfForm(form);
  const summary: ConflictSummary = { theirs: [], mine: [], both: [] };
  for (const field of EDITED_FIELDS) {
    const iChanged = !sameValue(base[field], mine[field]);
    const theyChanged = !sameValue(base[field], theirs[field]);
    const words = (to: unknown) => describeChange({ field, from: base[field], to }, names);
    if (iChanged && theyChanged && !sameValue(mine[field], theirs[field]))
      summary.both.push({
        field,
        label: FIELD_LABELS[field],
        theirs: describeValue(field, theirs[field], names),
        mine: describeValue(field, mine[field], names),
      });
    else if (theyChanged) summary.theirs.push(words(theirs[field]));
    else if (iChanged) summary.mine.push(words(mine[field]));
  }
  return summary;
}

/**
 * My form re-applied onto their version: a field only they changed takes theirs, a field I changed keeps mine,
 * unless I chose theirs for it (`takeTheirs`). The result is edited and saved against their ETag.
 */
export function rebaseOrderForm(
  base: OrderValues,
  form: OrderForm,
  theirRecord: WorkRequest,
  takeTheirs: ReadonlySet<EditedField>,
  viewerTz: string,
): OrderForm {
  const theirsForm = formFromRecord(theirRecord, viewerTz);
  const mine = valuesOfForm(form);
  const pick = <F extends EditedField>(field: F): OrderForm[F] =>
    sameValue(base[field], mine[field]) || takeTheirs.has(field) ? theirsForm[field] : form[field];
  return {
    due: pick('due'),
    deliveryDeadline: pick('deliveryDeadline'),
    instructions: pick('instructions'),
    tags: pick('tags'),
    materials: pick('materials'),
    spec: pick('spec'),
  };
}

/** Maps a server problem path (`due.tz`, `materials.3.name`, `tags.2`) to the form field that shows it. */
export function fieldOfPath(path: string): string | undefined {
  const [head, index, leaf] = path.split('.');
  if (head === 'materials' && index !== undefined && /^\d+$/.test(index) && leaf === 'name')
    return `materials.${index}.name`;
  return EDITED_FIELDS.includes(head as EditedField) ? head : undefined;
}
