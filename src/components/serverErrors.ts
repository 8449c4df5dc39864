/**
 * What a failed save means for the form. The server's 400 names the field in `error.message` ("name: required")
 * and lists every problem in `error.details[]` ({path, message}); each goes next to its field. A 409 with
 * `details.current` is a concurrent edit; a 409 without it is a duplicate value (a language code), which also
 * belongs to a field. Shared by the catalog's dialogs and the order editor.
 */
import { isApiError } from '../api/client';
import { isVersionConflict } from '../api/versioned';
import { describeError } from './ErrorPanel';

/** Messages by form field name (`name`, `fonts.1.size`, …). */
export type FieldErrors = Record<string, string>;

export interface SaveFailure {
  fields: FieldErrors;
  /** Shown above the buttons when no field takes it. */
  general: string | undefined;
  conflict: boolean;
}

/** Maps a server field path (`embargo.end`, `translationFonts.1.size`) to a form field name, or undefined. */
export type PathToField = (path: string) => string | undefined;

const sentence = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

function problemsOf(error: { message: string; details?: unknown }): { path: string; message: string }[] {
  if (Array.isArray(error.details)) {
    const list = error.details.filter(
      (d): d is { path: string; message: string } =>
        d !== null &&
        typeof d === 'object' &&
        typeof (d as { path?: unknown }).path === 'string' &&
        typeof (d as { message?: unknown }).message === 'string',
    );
    if (list.length) return list;
  }
  const m = /^([A-Za-z_$][\w$.]*):\s*(.+)$/.exec(error.message);
  return m ? [{ path: m[1]!, message: m[2]! }] : [];
}

export function saveFailure(error: unknown, toField: PathToField, what: string): SaveFailure {
  if (isVersionConflict(error)) {
    return {
      fields: {},
      general: `Someone else changed this ${what} while you were editing. Nothing was saved; your edits are still in the form.`,
      conflict: true,
    };
  }
  if (isApiError(error) && (error.status === 400 || error.status === 409)) {
    const fields: FieldErrors = {};
    const rest: string[] = [];
    for (const p of problemsOf(error)) {
      const field = toField(p.path);
      if (field && !fields[field]) fields[field] = `${sentence(p.message)}.`.replace(/\.\.$/, '.');
      else if (!field) rest.push(`${p.path}: ${p.message}`);
    }
    if (error.status === 409 && Object.keys(fields).length === 0) {
      const dup = /code (\S+) exists/.exec(error.message);
      if (dup) fields.code = `A language with the code ${dup[1]} exists already.`;
    }
    const general = Object.keys(fields).length === 0 ? describeError(error) : rest.length ? rest.join('; ') : undefined;
    return { fields, general, conflict: false };
  }
  if (isApiError(error) && error.status === 403) {
    return { fields: {}, general: `You may not change this ${what}: ${error.message}`, conflict: false };
  }
  return { fields: {}, general: describeError(error), conflict: false };
}

/** The default mapping: the path's first segment when the form has a field of that name. */
export function firstSegment(known: readonly string[], aliases: Record<string, string> = {}): PathToField {
  return (path) => {
    if (aliases[path]) return aliases[path];
    for (const [prefix, field] of Object.entries(aliases)) if (path.startsWith(`${prefix}.`)) return field;
    const head = path.split('.')[0] ?? '';
    return known.includes(head) ? head : undefined;
  };
}
