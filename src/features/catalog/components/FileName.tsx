/** A file (a project's or a studio's logo) by its name, linked when it has a signed link; nothing while unknown. */
import { useQuery } from '@tanstack/react-query';
import { getFile } from '../../../api/files';
import { safeHref } from '../../../lib/safeUrl';
import { catalogKeys } from '../queries';

export function FileName({ id }: { id: string }) {
  const query = useQuery({
    queryKey: [...catalogKeys.all, 'file', id],
    queryFn: ({ signal }) => getFile(id, signal),
  });
  const file = query.data?.data;
  if (!file?.name) return null;
  const href = safeHref(file.path);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {file.name}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <>{file.name}</>
  );
}
