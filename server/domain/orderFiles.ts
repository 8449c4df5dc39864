/**
 * A File an order's work refers to (an offline, a delivery): one uploaded into the order (its `workrequest`), by the
 * caller unless they act for the studio (admins and its coordinators may use any of the order's files).
 */
import type { Doc, Transaction } from '../storage/store';
import type { Caller, WorkRequestDoc } from './types';
import { invalid } from './errors';
import { isStudioSide } from './orders';

/**
 * The File `fileId` when the caller may use it for the order; else a 400 naming the field and what to do (`what`:
 * "the offline"). A File of another order or another person's upload is refused the same way as one that does not
 * exist, so nobody learns of others' files.
 */
export async function orderUploadOf(
  tx: Transaction,
  caller: Caller,
  wr: WorkRequestDoc,
  fileId: string,
  what: string,
): Promise<Doc> {
  const file = (await tx.get<Doc>('Files', fileId))?.doc;
  const uploader = (file?.transfer as { username?: unknown } | undefined)?.username;
  const mayUse =
    file && file.workrequest === wr._id && (uploader === caller.user.username || isStudioSide(caller, wr.studio));
  if (!mayUse)
    throw invalid(`file: ${fileId} is not a file you uploaded into this order: upload ${what} into it first`, [
      { path: 'file', message: 'not a file of this order uploaded by you' },
    ]);
  return file;
}
