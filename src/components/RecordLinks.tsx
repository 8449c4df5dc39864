/**
 * A record's links section (a work request's or a share's `urls`): each usable link under its name, nothing for a
 * template that cannot be followed (lib/recordLinks.ts), none to the page itself. No section at all when no link
 * is left.
 */
import { Link, useLocation } from 'react-router';
import { keyLabel } from '../lib/format';
import type { RecordLink } from '../lib/recordLinks';
import { Section } from './Section';
import './record.css';

/** Names of the keys records use; any other key in words. */
const LINK_NAMES: Record<string, string> = {
  view: 'View the order',
  manage: 'Manage the order',
  translate: 'Open the translation',
  invite: 'Invitation',
  playlist: 'Playlist',
};

function linkName(key: string): string {
  return LINK_NAMES[key] ?? keyLabel(key);
}

/** The links worth offering: none to the page they are shown on (a work request's view and manage), no repeats. */
function usefulLinks(links: readonly RecordLink[], here: string): RecordLink[] {
  const seen = new Set<string>([here]);
  return links.filter((l) => {
    const target = l.to ?? l.href ?? '';
    if (seen.has(target)) return false;
    seen.add(target);
    return true;
  });
}

export function RecordLinks({ links: all }: { links: readonly RecordLink[] }) {
  const here = useLocation().pathname;
  const links = usefulLinks(all, here);
  if (links.length === 0) return null;
  return (
    <Section title="Links">
      <ul className="links">
        {links.map((l) =>
          l.to ? (
            <li key={l.key}>
              <Link to={l.to}>{linkName(l.key)}</Link>
            </li>
          ) : l.href ? (
            <li key={l.key}>
              <a href={l.href} target="_blank" rel="noopener noreferrer">
                {linkName(l.key)} <span className="hint">({new URL(l.href).host})</span>
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null,
        )}
      </ul>
    </Section>
  );
}
