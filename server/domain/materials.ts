/**
 * Materials with files (docs/API.md "Materials: files"): an item of an order's checklist holds File ids — a file
 * uploaded into the order (its `workrequest`) or one of the order's asset's files. The ids are checked in the
 * order change's transaction; an item with a file is complete. When the last item comes in, the requester and the
 * studio's coordinators are told (`materials-in`).
 */
import type { Transaction } from '../storage/store';
import type { Doc } from '../storage/store';
import type { WorkRequestDoc } from './types';
import { invalid } from './errors';
import { materialFileIds, type MaterialItem } from '../../src/api/schema/materials';

const RECORD_ID = /^[0-9a-f]{24}$/;

/**
 * The checklist with each item's files checked and the items holding one marked complete. A file the order may
 * not hold (not a File, or of another order and another asset) is a 400 naming it; files already in the stored
 * checklist are kept as they are.
 */
export async function checkMaterialFiles<T extends MaterialItem>(
  tx: Transaction,
  wr: WorkRequestDoc,
  materials: T[],
): Promise<T[]> {
  const stored = new Set((wr.materials ?? []).flatMap((m) => materialFileIds(m)));
  const asked = [...new Set(materials.flatMap((m) => materialFileIds(m)))].filter((f) => !stored.has(f));
  const bad = asked.filter((f) => !RECORD_ID.test(f));
  if (bad.length) throw invalid(`materials: files are File ids (24 hex digits); not ${bad.slice(0, 3).join(', ')}`);
  const found = new Map((await tx.getMany<Doc>('Files', asked)).map((f) => [f.doc._id, f.doc]));
  for (const id of asked) {
    const f = found.get(id);
    const belongs = f && (f.workrequest === wr._id || (wr.asset?._id !== undefined && f.asset === wr.asset._id));
    if (!belongs)
      throw invalid(
        `materials: file ${id} is not a file of this order or of its asset: upload it into the order first`,
        [{ path: 'materials', message: `file ${id}: not found for this order` }],
      );
  }
  return materials.map((m) => ((m.files?.length ?? 0) > 0 ? { ...m, complete: true } : m));
}
