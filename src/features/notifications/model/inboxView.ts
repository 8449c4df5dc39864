/**
 * The inbox's tabs and the view the URL names (tab, type, search, unread only), as list filters. Its own module, free
 * of the notification's schema, because the request started before the app runs (src/app/earlyRequest.ts) reads it
 * and must stay small; inbox.ts holds the rest of the inbox's rules.
 */
import type { NotificationFilters } from '../../../api/notifications';
import { EVENT_TYPES, WORK_REQUEST_EVENT_TYPES } from '../../../api/schema/eventTypes';

export type TabId = 'orders' | 'embargoes' | 'general' | 'all';

export interface Tab {
  id: TabId;
  label: string;
  /** The `type` filter of the tab; undefined for All. */
  types: readonly string[] | undefined;
}

export const ORDER_TYPES = WORK_REQUEST_EVENT_TYPES;
export const EMBARGO_TYPES = ['embargo', 'embargo-request'] as const;
/** General is "the rest" of the known types (docs/API.md). A type this app does not know yet shows under All. */
export const GENERAL_TYPES: readonly string[] = EVENT_TYPES.filter(
  (t) => !(ORDER_TYPES as readonly string[]).includes(t) && !(EMBARGO_TYPES as readonly string[]).includes(t),
);

export const TABS: readonly Tab[] = [
  { id: 'orders', label: 'Orders', types: ORDER_TYPES },
  { id: 'embargoes', label: 'Embargoes', types: EMBARGO_TYPES },
  { id: 'general', label: 'General', types: GENERAL_TYPES },
  { id: 'all', label: 'All', types: undefined },
];

export const DEFAULT_TAB: TabId = 'orders';

/** The tab a notification type is grouped under: work-request events are Orders, embargoes Embargoes, the rest General. */
export function tabOfType(type: string | undefined): Exclude<TabId, 'all'> {
  if (type && (ORDER_TYPES as readonly string[]).includes(type)) return 'orders';
  if (type && (EMBARGO_TYPES as readonly string[]).includes(type)) return 'embargoes';
  return 'general';
}

export interface InboxView {
  tab: Tab;
  /** One type of the tab, narrowing it further. */
  type: string | undefined;
  q: string;
  unreadOnly: boolean;
}

/** The view from the URL (`tab`, `type`, `q`, `unread=1`); unknown values fall back to the defaults. */
export function viewFromParams(params: URLSearchParams): InboxView {
  const tab = TABS.find((t) => t.id === params.get('tab')) ?? TABS.find((t) => t.id === DEFAULT_TAB)!;
  const rawType = params.get('type') ?? undefined;
  const type =
    rawType && (tab.types === undefined ? rawType.length > 0 : tab.types.includes(rawType)) ? rawType : undefined;
  return { tab, type, q: (params.get('q') ?? '').trim(), unreadOnly: params.get('unread') === '1' };
}

/** The list query of a view (`summary` is added by the list's query function). */
export function filtersOfView(view: InboxView): NotificationFilters {
  const filters: NotificationFilters = {};
  const types = view.type ? [view.type] : view.tab.types;
  if (types) filters.type = types;
  if (view.q) filters.q = view.q;
  if (view.unreadOnly) filters.read = false;
  return filters;
}

/** The URL of a view, keeping only what differs from the defaults. */
export function paramsOfView(view: {
  tab: TabId;
  type?: string | undefined;
  q?: string;
  unreadOnly?: boolean;
}): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== DEFAULT_TAB) params.set('tab', view.tab);
  if (view.type) params.set('type', view.type);
  if (view.q?.trim()) params.set('q', view.q.trim());
  if (view.unreadOnly) params.set('unread', '1');
  return params;
}
