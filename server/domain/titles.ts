/**
 * Notification titles (also used as `emailSubject`), one pure builder per event type (docs/API.md, "Work request
 * statuses and events"). Live events (domain/events.ts) and the seed's past events both use them, so they read
 * the same.
 */
import { listInWords, statusLabel } from '../../src/api/schema/words';

export interface WorkRequestTitleInput {
  /** The acting user's name. */
  actorName: string;
  /** The acting user's group (the one of the work request's studio when they have several). */
  actorGroup?: string;
  assetName: string;
  /** Language code, e.g. `fr-FR`. */
  language: string;
  /** Territory code, e.g. `FR`. */
  territory: string;
}

function actor(name: string, group?: string): string {
  return group ? `${name} (${group})` : name;
}

/** `<asset name> — <language>/<territory>`. */
export function workRequestLabel(assetName: string, language: string, territory: string): string {
  return `${assetName} — ${language}/${territory}`;
}

/** `wam`: "<name> (<group>) marked <asset name> — <language>/<territory> as awaiting materials". */
export function wamTitle(p: WorkRequestTitleInput): string {
  return `${actor(p.actorName, p.actorGroup)} marked ${workRequestLabel(p.assetName, p.language, p.territory)} as awaiting materials`;
}

/**
 * `wr-status`: "<name> (<group>) moved <asset name> — <language>/<territory> to <status label>", the status in
 * words as the app shows it ("For review", not `for-review`).
 */
export function wrStatusTitle(p: WorkRequestTitleInput & { status: string }): string {
  return `${actor(p.actorName, p.actorGroup)} moved ${workRequestLabel(p.assetName, p.language, p.territory)} to ${p.status ? statusLabel(p.status) : 'a new status'}`;
}

/** `wr-comment`: "<name> (<group>) commented on <asset name> — <language>/<territory>". */
export function wrCommentTitle(p: WorkRequestTitleInput): string {
  return `${actor(p.actorName, p.actorGroup)} commented on ${workRequestLabel(p.assetName, p.language, p.territory)}`;
}

/** `translation-submitted`: "<name> (<group>) submitted the translation of <asset name> — <language>/<territory>". */
export function translationSubmittedTitle(p: WorkRequestTitleInput): string {
  return `${actor(p.actorName, p.actorGroup)} submitted the translation of ${workRequestLabel(p.assetName, p.language, p.territory)}`;
}

/** `wr-created`: "<name> (<group>) ordered <asset name> — <language>/<territory>". */
export function wrCreatedTitle(p: WorkRequestTitleInput): string {
  return `${actor(p.actorName, p.actorGroup)} ordered ${workRequestLabel(p.assetName, p.language, p.territory)}`;
}

/** `wr-assigned` (to the new assignee): "<name> (<group>) assigned you <asset name> — <language>/<territory>". */
export function wrAssignedTitle(p: WorkRequestTitleInput): string {
  return `${actor(p.actorName, p.actorGroup)} assigned you ${workRequestLabel(p.assetName, p.language, p.territory)}`;
}

/** `wr-unassigned` (to the translator taken off): "<name> (<group>) took you off <asset name> — <language>/<territory>". */
export function wrUnassignedTitle(p: WorkRequestTitleInput): string {
  return `${actor(p.actorName, p.actorGroup)} took you off ${workRequestLabel(p.assetName, p.language, p.territory)}`;
}

/** `wr-changed`: "<name> (<group>) changed the due date and the instructions of <asset name> — <language>/<territory>". */
export function wrChangedTitle(p: WorkRequestTitleInput & { changed?: string[] }): string {
  const what = p.changed?.length ? listInWords(p.changed) : 'the order';
  return `${actor(p.actorName, p.actorGroup)} changed ${what} of ${workRequestLabel(p.assetName, p.language, p.territory)}`;
}

/** `materials-in`: "<name> (<group>) brought in the last material of <asset name> — <language>/<territory>". */
export function materialsInTitle(p: WorkRequestTitleInput): string {
  return `${actor(p.actorName, p.actorGroup)} brought in the last material of ${workRequestLabel(p.assetName, p.language, p.territory)}: every material is in`;
}

/** `delivery`: "<name> (<group>) delivered <asset name> — <language>/<territory>: SRT and EBU-STL". */
export function deliveryTitle(p: WorkRequestTitleInput & { changed?: string[] }): string {
  const what = p.changed?.length ? `: ${listInWords(p.changed)}` : '';
  return `${actor(p.actorName, p.actorGroup)} delivered ${workRequestLabel(p.assetName, p.language, p.territory)}${what}`;
}

/** "a", "a and b", "a, b and c" (the contract's). */
export { listInWords };

/** `share`: "<name> (<group>) shared <n> asset(s) of <project names> with you". */
export function shareTitle(p: {
  actorName: string;
  actorGroup?: string;
  assetCount: number;
  projectNames: string[];
}): string {
  const what = `${p.assetCount} ${p.assetCount === 1 ? 'asset' : 'assets'} of ${p.projectNames.join(', ') || 'a project'}`;
  return `${actor(p.actorName, p.actorGroup)} shared ${what} with you`;
}

/** `share-feedback`: "Ana and Ben gave feedback on the 3 assets you shared" (batched per share while unread). */
export function shareFeedbackTitle(p: { names: string[]; assetCount: number }): string {
  const who =
    p.names.length <= 2 ? p.names.join(' and ') : `${p.names.slice(0, 2).join(', ')} and ${p.names.length - 2} more`;
  const what = `${p.assetCount} ${p.assetCount === 1 ? 'asset' : 'assets'}`;
  return `${who} gave feedback on the ${what} you shared`;
}

/** `embargo`: "Embargo lifted on <file name> (<asset name>)". */
export function embargoTitle(p: { fileName: string; assetName: string }): string {
  return `Embargo lifted on ${p.fileName} (${p.assetName})`;
}

/** `embargo-request`: "<name> asks for access to <file name> (<asset name>), under embargo". */
export function embargoRequestTitle(p: { actorName: string; fileName: string; assetName: string }): string {
  return `${p.actorName} asks for access to ${p.fileName} (${p.assetName}), under embargo`;
}
