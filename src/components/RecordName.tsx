/** A studio or group by its name (lib/useRecordNames.ts); nothing while the name is unknown, never the id. */
import { useRecordNames, type NamedCollection } from '../lib/useRecordNames';

export function RecordName({ collection, id }: { collection: NamedCollection; id: string | undefined }) {
  const name = useRecordNames(collection)(id);
  return name === undefined ? null : <>{name}</>;
}
