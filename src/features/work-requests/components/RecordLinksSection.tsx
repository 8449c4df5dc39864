/** The record's `urls`, with `:workRequest` filled in and this app's routes as links. */
import { Link } from 'react-router';
import { Section } from '../../../components/Section';
import { keyLabel } from '../../../lib/format';
import { resolveRecordUrls } from '../model/recordUrls';
import '../../../components/record.css';

export function RecordLinksSection({ urls, id }: { urls: Record<string, unknown> | undefined; id: string }) {
  const resolved = resolveRecordUrls(urls, id);
  return (
    <Section title="Links">
      {resolved.length === 0 ? (
        <p className="muted">The record carries no links.</p>
      ) : (
        <ul className="links">
          {resolved.map((u) => (
            <li key={u.key}>
              <span className="links__key">{keyLabel(u.key)}</span>
              {u.to ? (
                <Link to={u.to}>{u.to}</Link>
              ) : (
                <code className="code links__template" title={u.note}>
                  {u.template}
                </code>
              )}
              {u.note ? <span className="hint">{u.note}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
