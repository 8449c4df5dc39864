/**
 * An order change in words, for the history timeline (a history entry's `changes`: `{field, from, to}`, docs/API.md
 * "Orders") and the edit conflict view: "Due date 12 Dec 2026, 17:00 CET → 15 Dec 2026, 17:00 CET",
 * "Instructions changed", "Tags: added rush", "Assigned to Ana Lima". Never raw JSON or field codes.
 */
import { formatDateTime } from '../../../lib/dates';
import { describeUnknown, keyLabel } from '../../../lib/format';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface MaterialItem {
  name: string;
  complete: boolean;
  approved: boolean;
}

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The `changes` of a history entry (an extension field the record schema keeps without reading it). */
export function changesOf(entry: unknown): FieldChange[] {
  const list = isRecord(entry) ? entry.changes : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((c): c is FieldChange => isRecord(c) && typeof c.field === 'string' && c.field.length > 0);
}

function zoned(value: unknown): string | undefined {
  if (!isRecord(value) || typeof value.date !== 'number') return undefined;
  return formatDateTime(value.date, typeof value.tz === 'string' ? value.tz : undefined);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => describeUnknown(v)) : [];
}

/** A materials list as items (unreadable entries become unnamed items). */
export function materialItems(value: unknown): MaterialItem[] {
  if (!Array.isArray(value)) return [];
  return value.map((m) =>
    isRecord(m)
      ? { name: typeof m.name === 'string' ? m.name : '', complete: m.complete === true, approved: m.approved === true }
      : { name: describeUnknown(m), complete: false, approved: false },
  );
}

function personOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  if (typeof value.name === 'string' && value.name) return value.name;
  return 'a user without a name';
}

/** "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const quoted = (s: string) => `“${s || 'unnamed'}”`;

function tagWords(from: unknown, to: unknown): string {
  const before = strings(from);
  const after = strings(to);
  const added = after.filter((t) => !before.includes(t));
  const removed = before.filter((t) => !after.includes(t));
  const parts = [
    added.length ? `added ${listWords(added)}` : '',
    removed.length ? `removed ${listWords(removed)}` : '',
  ].filter(Boolean);
  return parts.length ? `Tags: ${parts.join('; ')}` : 'Tags reordered';
}

function flagWords(item: MaterialItem, before: MaterialItem | undefined): string[] {
  const out: string[] = [];
  if (item.complete !== (before?.complete ?? false))
    out.push(`${quoted(item.name)} marked ${item.complete ? 'received' : 'not received'}`);
  if (item.approved !== (before?.approved ?? false))
    out.push(`${quoted(item.name)} ${item.approved ? 'approved' : 'no longer approved'}`);
  return out;
}

/**
 * What changed in a materials checklist. Same length: item by item (a new name at a place is a rename). Otherwise
 * by name: added, removed, and the ticks of items in both.
 */
export function materialsWords(from: unknown, to: unknown): string {
  const before = materialItems(from);
  const after = materialItems(to);
  const parts: string[] = [];
  if (before.length === after.length) {
    after.forEach((item, i) => {
      const old = before[i]!;
      if (item.name !== old.name) parts.push(`renamed ${quoted(old.name)} to ${quoted(item.name)}`);
      parts.push(...flagWords(item, old));
    });
  } else {
    const added = after.filter((m) => !before.some((b) => b.name === m.name));
    const removed = before.filter((m) => !after.some((a) => a.name === m.name));
    if (added.length) parts.push(`added ${listWords(added.map((m) => quoted(m.name)))}`);
    if (removed.length) parts.push(`removed ${listWords(removed.map((m) => quoted(m.name)))}`);
    for (const item of after) {
      const old = before.find((b) => b.name === item.name);
      if (old) parts.push(...flagWords(item, old));
      else parts.push(...flagWords(item, undefined).filter((w) => !w.endsWith('not received')));
    }
  }
  return parts.length ? `Materials: ${parts.join('; ')}` : 'Materials checklist reordered';
}

const DATE_LABELS: Record<string, string> = { due: 'Due date', deliveryDeadline: 'Delivery deadline' };

/**
 * The names of the records a change refers to by id (docs/API.md "Ids are shown as names"): each returns undefined
 * for an id it does not know, which is then described, never shown.
 */
export interface ChangeNames {
  spec?: ((id: string) => string | undefined) | undefined;
}

/** A delivery specification named on an order, in words: its name, or what it is when unknown or none. */
function specWords(value: unknown, names: ChangeNames): string {
  if (typeof value !== 'string' || value === '') return 'The best match for the order';
  return names.spec?.(value) ?? 'A spec no longer listed';
}

/** One change in words. */
export function describeChange({ field, from, to }: FieldChange, names: ChangeNames = {}): string {
  if (field === 'due' || field === 'deliveryDeadline') {
    const label = DATE_LABELS[field]!;
    const a = zoned(from);
    const b = zoned(to);
    if (a && b) return `${label} ${a} → ${b}`;
    if (b) return `${label} set to ${b}`;
    return a ? `${label} removed (was ${a})` : `${label} changed`;
  }
  if (field === 'instructions') {
    const had = typeof from === 'string' && from.trim() !== '';
    const has = typeof to === 'string' && to.trim() !== '';
    return had && has ? 'Instructions changed' : has ? 'Instructions added' : 'Instructions removed';
  }
  if (field === 'tags') return tagWords(from, to);
  if (field === 'materials') return materialsWords(from, to);
  if (field === 'assignee') {
    const a = personOf(from);
    const b = personOf(to);
    if (a && b) return `Reassigned from ${a} to ${b}`;
    if (b) return `Assigned to ${b}`;
    return a ? `Unassigned (was ${a})` : 'Assignee changed';
  }
  if (field === 'spec' && names.spec)
    return `Delivery specification: ${specWords(from, names)} → ${specWords(to, names)}`;
  if (field === 'spec') return 'Delivery specification changed';
  return `${keyLabel(field)} changed`;
}

/** A field's value on its own, in words (a choice between two versions): a date, the text, the tags, the list. */
export function describeValue(field: string, value: unknown, names: ChangeNames = {}): string {
  if (field === 'due' || field === 'deliveryDeadline') return zoned(value) ?? 'Not set';
  if (field === 'instructions') {
    const text = typeof value === 'string' ? value.trim() : '';
    return text ? `“${text.length > 160 ? `${text.slice(0, 160)}…` : text}”` : 'No instructions';
  }
  if (field === 'tags') return strings(value).join(', ') || 'No tags';
  if (field === 'materials') {
    const items = materialItems(value);
    if (!items.length) return 'No materials';
    const ticks = (m: MaterialItem) =>
      [m.complete ? 'received' : '', m.approved ? 'approved' : ''].filter(Boolean).join(', ');
    return items.map((m) => `${m.name || 'unnamed'}${ticks(m) ? ` (${ticks(m)})` : ''}`).join('; ');
  }
  if (field === 'assignee') return personOf(value) ?? 'Nobody';
  if (field === 'spec') return specWords(value, names);
  return describeUnknown(value);
}
