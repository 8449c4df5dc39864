/**
 * What the work-request list keeps of each record: the fields its columns show. A full record is about 5 KB of
 * JSON (history, materials, uses, the asset's workflow…); a list scrolled to row 10,000 would otherwise hold
 * 50 MB of them. The page of a request is read again in full when it is opened.
 */
import type { ListPage } from '../../../api/client';
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';

export function toListRow(wr: WorkRequestRow): WorkRequestRow {
  const { asset, project, from } = wr;
  return {
    _id: wr._id,
    status: wr.status,
    language: wr.language,
    territory: wr.territory,
    assetType: wr.assetType,
    due: wr.due,
    deliveryDeadline: wr.deliveryDeadline,
    created: wr.created,
    studio: wr.studio,
    asset: asset && {
      _id: asset._id,
      name: asset.name,
      type: asset.type,
      mediaType: asset.mediaType,
      thumbnail: asset.thumbnail,
    },
    project: project && { _id: project._id, name: project.name },
    from: from && { _id: from._id, name: from.name, emailNormal: from.emailNormal, groups: from.groups?.slice(0, 1) },
    ...translatorOnly('translation', wr.translation),
    ...translatorOnly('graphicsTranslation', wr.graphicsTranslation),
  };
}

/** A translation reduced to its translator (the Assignee column, the workflow's roles), left out when it has none. */
function translatorOnly<K extends 'translation' | 'graphicsTranslation'>(
  key: K,
  translation: WorkRequestRow[K],
): Partial<Pick<WorkRequestRow, K>> {
  const t = translation?.translator;
  if (!t?._id) return {};
  return { [key]: { translator: { _id: t._id, name: t.name, emailNormal: t.emailNormal } } } as Partial<
    Pick<WorkRequestRow, K>
  >;
}

/** A list page with its readable records reduced to list rows. */
export function toListRows(page: ListPage<WorkRequestRow>): ListPage<WorkRequestRow> {
  return { ...page, items: page.items.map((item) => (item.ok ? { ...item, data: toListRow(item.data) } : item)) };
}
