/** The record's `urls` as links: `:workRequest` filled in, this app's routes in the app, templates left out. */
import { RecordLinks } from '../../../components/RecordLinks';
import { recordLinks } from '../../../lib/recordLinks';

export function RecordLinksSection({ urls, id }: { urls: Record<string, unknown> | undefined; id: string }) {
  return (
    <RecordLinks
      links={recordLinks(urls, {
        fill: { ':workRequest': id },
        origin: window.location.origin,
        appRoutesOnAnyHost: true,
      })}
    />
  );
}
