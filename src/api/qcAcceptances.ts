/** Accepted QC problems of a translation (extension, docs/API.md "Accepted problems"): list, accept, undo. */
import { send, seg } from './client';
import { parseRecord } from './parse';
import { qcAcceptance, type QcAcceptance } from './schema/qcAcceptance';

const path = (translation: string) => `/translations/${seg(translation)}/accepted`;

/** Every route answers the whole list: its well-formed entries (a malformed one is left out, not shown wrong). */
function listOf(json: unknown): QcAcceptance[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((raw) => {
    const parsed = parseRecord(qcAcceptance, raw);
    return parsed.ok ? [parsed.data] : [];
  });
}

/** `GET /translations/{id}/accepted`. */
export async function listAccepted(translation: string, signal?: AbortSignal): Promise<QcAcceptance[]> {
  return listOf((await send('GET', path(translation), { signal })).json);
}

/** `POST /translations/{id}/accepted`: the line's problem by `rule` stands, for `reason`. */
export async function acceptProblem(
  translation: string,
  body: { line: number; rule: string; reason: string },
): Promise<QcAcceptance[]> {
  return listOf((await send('POST', path(translation), { body })).json);
}

/** `DELETE /translations/{id}/accepted?line=&rule=`: the problem counts again. */
export async function undoAccepted(translation: string, line: number, rule: string): Promise<QcAcceptance[]> {
  return listOf((await send('DELETE', path(translation), { query: { line: String(line), rule } })).json);
}
