/** Titles (and e-mail subjects) of notifications, one builder per event type (docs/API.md). */

export interface TitleParts {
  actorName: string;
  actorGroup?: string;
  /** "<asset name> — <language>/<territory>" */
  workRequestLabel: string;
  status?: string;
}

function actor(p: TitleParts): string {
  return p.actorGroup ? `${p.actorName} (${p.actorGroup})` : p.actorName;
}

export function workRequestLabel(wr: { asset?: { name?: string }; language?: string; territory?: string }): string {
  return `${wr.asset?.name ?? 'Untitled asset'} — ${wr.language ?? '?'}/${wr.territory ?? '?'}`;
}

export const TITLES = {
  wam: (p: TitleParts) => `${actor(p)} marked ${p.workRequestLabel} as awaiting materials`,
  'wr-status': (p: TitleParts) => `${actor(p)} moved ${p.workRequestLabel} to ${p.status ?? 'a new status'}`,
  'wr-comment': (p: TitleParts) => `${actor(p)} commented on ${p.workRequestLabel}`,
  'translation-submitted': (p: TitleParts) => `${actor(p)} submitted the translation of ${p.workRequestLabel}`,
  share: (p: TitleParts) => `${actor(p)} shared ${p.workRequestLabel} with you`,
  embargo: (p: TitleParts) => `Embargo lifted on ${p.workRequestLabel}`,
} as const;
export type TitledEventType = keyof typeof TITLES;
