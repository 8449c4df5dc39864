/**
 * The materials checklist of an order (docs/API.md "Materials: files"): each item names what the work needs; an
 * item with files has arrived. One rule for the server (which tells the coordinators when the last item comes in,
 * domain/materials.ts) and the app (which says so beside the checklist and the move out of `awaiting-materials`).
 */

/** What the rule reads of an item. */
export interface MaterialItem {
  name?: string;
  complete?: boolean;
  files?: readonly unknown[];
}

/** Whether an item is in: marked complete, or holding a file. */
export const materialIsIn = (m: MaterialItem): boolean => m.complete === true || (m.files?.length ?? 0) > 0;

/** Whether a checklist with items has every one in (an empty checklist asks for nothing, so tells nothing). */
export const allMaterialsIn = (materials: readonly MaterialItem[] | undefined): boolean =>
  (materials?.length ?? 0) > 0 && materials!.every(materialIsIn);

/** The ids of the Files an item holds (entries stored as ids or as `{_id}`). */
export function materialFileIds(m: MaterialItem): string[] {
  return (m.files ?? []).flatMap((f) =>
    typeof f === 'string'
      ? [f]
      : f && typeof f === 'object' && typeof (f as { _id?: unknown })._id === 'string'
        ? [(f as { _id: string })._id]
        : [],
  );
}
