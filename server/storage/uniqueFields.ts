/**
 * The indexed fields whose value no two records of a collection may share, checked by the database itself (a unique
 * index), so two instances inserting at once cannot both succeed: the loser gets a `UniqueViolation`. Each must be a
 * `value` field of indexes.ts. A record without the field (null) never conflicts.
 */
import type { Collection } from './store';

export const UNIQUE_FIELDS: Partial<Record<Collection, readonly string[]>> = {
  /** The e-mail a user signs in with (routes/users.ts keeps `username` equal to `emailNormal`). */
  Users: ['username'],
  Languages: ['code'],
};
