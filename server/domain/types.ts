/** The stored shapes of the server's documents (docs/API.md, "Stored shapes"), as far as the domain reads them. */
import type { Doc } from '../storage/store';
import type { User } from '../../src/api/schema/user';
import type { WorkRequest } from '../../src/api/schema/workRequest';
import type { Translation } from '../../src/api/schema/translation';
import type { Share } from '../../src/api/schema/share';
import type { TranslationSummary } from './translations';

/** Omit that keeps the known keys of a loose (index-signature) type, which the built-in Omit loses. */
export type Without<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };

export type GroupType = 'admin' | 'coordinator' | 'translator' | 'client';

export interface GroupDoc extends Doc {
  name: string;
  type: GroupType;
  studios: string[];
  users: string[];
  addresses?: unknown[];
}

/** A stored user: `groups` holds group ids; `passwordHash` never leaves the server. */
export type UserDoc = Doc & Without<User, 'groups' | '_id' | 'created'> & { groups: string[]; passwordHash?: string };

/** A stored work request: translations by id, everything else as the record shows it. */
export type WorkRequestDoc = Doc &
  Without<WorkRequest, 'translation' | 'graphicsTranslation' | '_id' | 'created'> & {
    translation?: string;
    graphicsTranslation?: string;
    /** Stored only, never sent as such: what lists show of the translations (domain/translations.ts). */
    translationSummary?: TranslationSummary;
    graphicsTranslationSummary?: TranslationSummary;
  };

export type TranslationDoc = Doc & Without<Translation, '_id' | 'created'>;
export type ShareDoc = Doc & Without<Share, '_id' | 'created'>;

/** The signed-in user of a request, with what the domain needs to decide who may do what. */
export interface Caller {
  id: string;
  user: UserDoc;
  groups: GroupDoc[];
  isAdmin: boolean;
  isCoordinator: boolean;
  isTranslator: boolean;
  /** Studios the caller coordinates (coordinator groups' `studios`). */
  studios: Set<string>;
}
