/**
 * The order wizard's model: the draft as the form holds it (plain strings and lists, so nothing typed is lost), the
 * steps and which fields each asks, the checks made before Next (with the words shown at the fields), the body of
 * `POST /workrequests` built from a draft, and the server's 400 `details` mapped back to steps and fields.
 * The order's rules are the contract's (`orderInput` in src/api/schema/order.ts): the checks here word them for
 * a person and the final body is checked against the schema itself before it is sent.
 */
import { INSTRUCTIONS_MAX, orderInput, type OrderInput } from '../../../api/schema/order';
import { epochOfWallClock } from '../../../lib/zonedTime';
import { isValidTimeZone } from '../../../lib/dates';

/** What may be localized and the treatments each takes (the seed's and the demo data's vocabulary). */
export const TREATMENTS = {
  dialogue: ['subtitles', 'dub'],
  narration: ['subtitles', 'voice-over'],
  graphics: ['localized-graphics', 'subtitles', 'textless'],
} as const;
export type Track = keyof typeof TREATMENTS;
export const TRACKS = Object.keys(TREATMENTS) as Track[];
export const TRACK_LABELS: Record<Track, string> = {
  dialogue: 'Dialogue',
  narration: 'Narration',
  graphics: 'Graphics',
};
export const TREATMENT_LABELS: Record<string, string> = {
  subtitles: 'Subtitles',
  dub: 'Dub',
  'voice-over': 'Voice-over',
  'localized-graphics': 'Localized graphics',
  textless: 'Textless',
};

/** Where the localized version is used, and the transcodes (formats delivered) each use offers. */
export const USES = {
  online: ['1080p', '4K', 'vertical 9:16'],
  broadcast: ['15s', '30s'],
  theatrical: ['2K Flat', '2K Scope', '4K Scope'],
} as const;
export type Use = keyof typeof USES;
export const USE_LIST = Object.keys(USES) as Use[];
export const USE_LABELS: Record<Use, string> = { online: 'Online', broadcast: 'Broadcast', theatrical: 'Theatrical' };

export interface OrderDraft {
  /** The project whose assets are offered, when the wizard did not start from an asset or a project. */
  project: string;
  asset: string;
  /** A Languages `code`. */
  language: string;
  /** A Territories `name` (its code). */
  territory: string;
  dng: Record<Track, string[]>;
  uses: Use[];
  /** The transcodes chosen per use. */
  transcodes: Partial<Record<Use, string[]>>;
  dueDate: string;
  dueTime: string;
  /** The zone of the due date and of the delivery deadline. */
  zone: string;
  /**
   * Where the zone came from: the viewer's own (the start), the territory's (lib/territoryZone.ts, set when a
   * territory is chosen), or the person's choice (kept when the territory changes).
   */
  zoneSource: 'viewer' | 'territory' | 'person';
  deadlineDate: string;
  deadlineTime: string;
  instructions: string;
  tags: string[];
  materials: string[];
  /** A translator's user id, or '' for none. */
  assignee: string;
  /** Their name, for the review. */
  assigneeName: string;
  /** The delivery specification named (its id), or ''/absent for the studio's best match (drafts kept before). */
  spec?: string;
  /** Its name, for the review. */
  specName?: string;
}

export function emptyDraft(zone: string, asset = ''): OrderDraft {
  return {
    project: '',
    asset,
    language: '',
    territory: '',
    dng: { dialogue: [], narration: [], graphics: [] },
    uses: [],
    transcodes: {},
    dueDate: '',
    dueTime: '18:00',
    zone,
    zoneSource: 'viewer',
    deadlineDate: '',
    deadlineTime: '',
    instructions: '',
    tags: [],
    materials: [],
    assignee: '',
    assigneeName: '',
  };
}

export const STEPS = ['asset', 'language', 'localize', 'uses', 'due', 'instructions', 'translator', 'review'] as const;
export type Step = (typeof STEPS)[number];
export const STEP_LABELS: Record<Step, string> = {
  asset: 'Asset',
  language: 'Language & territory',
  localize: 'What to localize',
  uses: 'Uses & transcodes',
  due: 'Due date',
  instructions: 'Instructions',
  translator: 'Translator',
  review: 'Review',
};

/** The fields a message can sit at; each belongs to one step. */
export type FieldKey =
  | 'asset'
  | 'language'
  | 'territory'
  | 'dng'
  | 'uses'
  | 'due'
  | 'deliveryDeadline'
  | 'instructions'
  | 'tags'
  | 'materials'
  | 'assignee'
  | 'spec'
  | 'form';
export const FIELD_STEP: Record<FieldKey, Step> = {
  asset: 'asset',
  language: 'language',
  territory: 'language',
  dng: 'localize',
  uses: 'uses',
  due: 'due',
  deliveryDeadline: 'due',
  instructions: 'instructions',
  tags: 'instructions',
  materials: 'instructions',
  assignee: 'translator',
  spec: 'localize',
  form: 'review',
};
export type FieldErrors = Partial<Record<FieldKey, string>>;

/** The steps a person sees: the translator step only for those who may assign. */
export function stepsFor(canAssign: boolean): Step[] {
  return STEPS.filter((s) => s !== 'translator' || canAssign);
}

export interface CheckContext {
  /** Epoch milliseconds. */
  now: number;
  /** The language codes and territory names that exist; a value outside them is refused when they are known. */
  languages?: ReadonlySet<string> | undefined;
  territories?: ReadonlySet<string> | undefined;
}

export const TAG_MAX = 50;
export const TAGS_MAX = 30;
export const MATERIAL_MAX = 200;
export const MATERIALS_MAX = 100;

/** The due date (and deadline) as epoch seconds, or the words of what is wrong with them. */
function zonedDates(draft: OrderDraft, now: number): { due?: number; deadline?: number; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const zoneOk = isValidTimeZone(draft.zone);
  let due: number | undefined;
  let deadline: number | undefined;
  if (!zoneOk)
    errors.due = draft.zone
      ? `“${draft.zone}” is not a time zone: pick one such as Europe/Paris.`
      : 'Choose a time zone.';
  else if (!draft.dueDate || !draft.dueTime) errors.due = 'Enter the date and the time the order is due.';
  else {
    due = epochOfWallClock({ date: draft.dueDate, time: draft.dueTime }, draft.zone);
    if (due === undefined) errors.due = 'This is not a real date and time.';
    else if (due * 1000 <= now) errors.due = 'The due date is in the past: choose a later one.';
  }
  if (draft.deadlineDate || draft.deadlineTime) {
    if (!draft.deadlineDate || !draft.deadlineTime)
      errors.deliveryDeadline = 'Enter both the date and the time of the delivery deadline, or neither.';
    else if (zoneOk) {
      deadline = epochOfWallClock({ date: draft.deadlineDate, time: draft.deadlineTime }, draft.zone);
      if (deadline === undefined) errors.deliveryDeadline = 'This is not a real date and time.';
      else if (due !== undefined && deadline < due)
        errors.deliveryDeadline = 'The delivery deadline cannot be before the due date.';
    }
  }
  return { due, deadline, errors };
}

/** The messages of one step's fields (empty when the step may be left with Next). */
export function checkStep(step: Step, draft: OrderDraft, ctx: CheckContext): FieldErrors {
  const errors: FieldErrors = {};
  switch (step) {
    case 'asset':
      if (!draft.asset) errors.asset = 'Choose the asset to localize.';
      break;
    case 'language':
      if (!draft.language) errors.language = 'Choose a language.';
      else if (ctx.languages && !ctx.languages.has(draft.language))
        errors.language = `There is no language with the code ${draft.language}.`;
      if (!draft.territory) errors.territory = 'Choose a territory.';
      else if (ctx.territories && !ctx.territories.has(draft.territory))
        errors.territory = `There is no territory ${draft.territory}.`;
      break;
    case 'localize':
      if (TRACKS.every((t) => draft.dng[t].length === 0))
        errors.dng = 'Choose at least one treatment of the dialogue, the narration or the graphics.';
      break;
    case 'uses': {
      if (draft.uses.length === 0) errors.uses = 'Choose where the localized version will be used.';
      const bare = draft.uses.filter((u) => !(draft.transcodes[u]?.length ?? 0));
      if (bare.length)
        errors.uses = `Choose at least one transcode for ${bare.map((u) => USE_LABELS[u]).join(' and ')}.`;
      break;
    }
    case 'due':
      Object.assign(errors, zonedDates(draft, ctx.now).errors);
      break;
    case 'instructions': {
      if (draft.instructions.length > INSTRUCTIONS_MAX)
        errors.instructions = `Instructions are at most ${INSTRUCTIONS_MAX.toLocaleString()} characters (${draft.instructions.length.toLocaleString()} now).`;
      if (draft.tags.length > TAGS_MAX) errors.tags = `At most ${TAGS_MAX} tags.`;
      if (draft.materials.length > MATERIALS_MAX) errors.materials = `At most ${MATERIALS_MAX} materials.`;
      break;
    }
    case 'translator':
    case 'review':
      break;
  }
  return errors;
}

/** Checks every step; the first step with a message is where the wizard takes the person. */
export function checkAll(steps: readonly Step[], draft: OrderDraft, ctx: CheckContext): FieldErrors {
  return Object.assign({}, ...steps.map((s) => checkStep(s, draft, ctx))) as FieldErrors;
}

export function firstStepWithError(steps: readonly Step[], errors: FieldErrors): Step | undefined {
  const withErrors = new Set((Object.keys(errors) as FieldKey[]).filter((k) => errors[k]).map((k) => FIELD_STEP[k]));
  return steps.find((s) => withErrors.has(s));
}

/** Adds a tag or a material to a list: trimmed, not empty, not twice (case-insensitively), within its length. */
export function addItem(list: readonly string[], value: string, max: number): { list: string[]; error?: string } {
  const item = value.trim();
  if (!item) return { list: [...list], error: 'Type something to add.' };
  if (item.length > max) return { list: [...list], error: `At most ${max} characters.` };
  if (list.some((x) => x.toLowerCase() === item.toLowerCase()))
    return { list: [...list], error: `“${item}” is already in the list.` };
  return { list: [...list, item] };
}

/**
 * The body of `POST /workrequests` for a draft whose steps pass their checks; undefined when they do not (the
 * steps' messages say why) or when the contract's schema refuses it.
 */
export function toOrderInput(draft: OrderDraft, ctx: CheckContext): OrderInput | undefined {
  const { due, deadline, errors } = zonedDates(draft, ctx.now);
  if (due === undefined || Object.keys(errors).length) return undefined;
  const body: OrderInput = {
    asset: draft.asset,
    language: draft.language,
    territory: draft.territory,
    dng: { dialogue: draft.dng.dialogue, narration: draft.dng.narration, graphics: draft.dng.graphics },
    due: { date: due, tz: draft.zone },
    ...(deadline !== undefined ? { deliveryDeadline: { date: deadline, tz: draft.zone } } : {}),
    uses: {
      items: [...draft.uses],
      details: Object.fromEntries(
        draft.uses.map((u) => [u, (draft.transcodes[u] ?? []).map((value) => ({ value, ship: true }))]),
      ),
    },
    ...(draft.instructions.trim() ? { instructions: draft.instructions } : {}),
    ...(draft.tags.length ? { tags: [...draft.tags] } : {}),
    ...(draft.materials.length ? { materials: draft.materials.map((name) => ({ name })) } : {}),
    ...(draft.assignee ? { assignee: draft.assignee } : {}),
    ...(draft.spec ? { spec: draft.spec } : {}),
  };
  return orderInput.safeParse(body).success ? body : undefined;
}

/** A server problem `{path, message}` (a 400's `details`). */
export interface ServerProblem {
  path: string;
  message: string;
}

/** Reads a 400's `details` as problems; anything else is none. */
export function serverProblems(details: unknown): ServerProblem[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message } = d as { path?: unknown; message?: unknown };
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}

const SERVER_FIELDS: Record<string, FieldKey> = {
  asset: 'asset',
  language: 'language',
  territory: 'territory',
  dng: 'dng',
  uses: 'uses',
  dcp: 'uses',
  due: 'due',
  deliveryDeadline: 'deliveryDeadline',
  instructions: 'instructions',
  tags: 'tags',
  materials: 'materials',
  assignee: 'assignee',
};

/**
 * The server's problems at the wizard's fields: `due.tz` sits at the due date, `tags.3` at the tags; a path the
 * wizard does not ask (or none) is shown on the review step. The message keeps the server's words, after the path.
 */
export function fieldErrorsFromServer(problems: readonly ServerProblem[], canAssign: boolean): FieldErrors {
  const errors: FieldErrors = {};
  for (const p of problems) {
    const head = p.path.split(/[.[]/)[0] ?? '';
    let key: FieldKey = SERVER_FIELDS[head] ?? 'form';
    if (key === 'assignee' && !canAssign) key = 'form';
    const words = p.message.charAt(0).toUpperCase() + p.message.slice(1);
    errors[key] = errors[key] ? `${errors[key]} ${words}` : words;
  }
  return errors;
}

/**
 * The draft after a territory is chosen: its zone becomes the territory's (`zone`, when it has one) unless the
 * person chose a zone themselves.
 */
export function withTerritory(draft: OrderDraft, territory: string, zone: string | undefined): OrderDraft {
  const next = { ...draft, territory };
  if (zone === undefined || draft.zoneSource === 'person') return next;
  return { ...next, zone, zoneSource: 'territory' };
}
