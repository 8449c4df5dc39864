/**
 * An asset's computed blocks, for every place assets appear: `$permissions` (what the viewer may do with it)
 * and `$feedback` (the viewer's vote and the summary of votes, from the share it came through). Read-only.
 *
 *   <AssetPermissions value={asset.$permissions} />            full, for an asset page
 *   <AssetPermissions value={asset.$permissions} compact />    one line of chips, for cards and rows
 *   <AssetFeedback value={asset.$feedback} compact? />
 *
 * Every field is optional (the spec marks none required); an absent block says so instead of guessing.
 */
import { Link } from 'react-router';
import type { FeedbackBlock, PermissionsBlock } from '../api/schema/computed';
import { accessFlagLabel } from '../api/schema/permission';
import { describeUnknown, keyLabel } from '../lib/format';
import './record.css';

/** Plain words for the server verbs a deployment sends; Permission flag names read as the schema's labels. */
const ACCESS_WORDS: Record<string, string> = {
  view: 'View',
  edit: 'Edit',
  request: 'Request work',
  share: 'Share',
  autosub: 'Auto-subtitles',
  ingest: 'Ingest',
};

export function accessWord(key: string): string {
  return ACCESS_WORDS[key] ?? accessFlagLabel(key);
}

/** Self-contained layout (no stylesheet of its own: it relies on the global .fields/.chips only). */
const WIDE = { gridColumn: '1 / -1' } as const;

const TAG_WORDS: Record<string, string> = {
  online: 'Online',
  broadcast: 'Broadcast',
  dcp: 'DCP',
  cmyk: 'CMYK',
  rgb: 'RGB',
};

function scopeText(
  scope: { languages?: unknown[] | undefined; countries?: unknown[] | undefined } | undefined,
): string {
  const langs = scope?.languages ?? [];
  const countries = scope?.countries ?? [];
  if (!langs.length && !countries.length) return 'None listed';
  return [
    langs.length ? `Languages: ${describeUnknown(langs)}` : '',
    countries.length ? `Countries: ${describeUnknown(countries)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

interface PermissionsProps {
  value: PermissionsBlock | undefined;
  compact?: boolean;
  /** Heading level text for the block (full view); defaults to "What you may do". */
  label?: string;
}

export function AssetPermissions({ value, compact = false, label = 'What you may do' }: PermissionsProps) {
  if (!value) return <p className="asset-perms__none muted">No permission information for this asset.</p>;
  const access = value.access ?? [];
  const chips = access.length ? (
    <ul className="chips asset-perms__access" aria-label={label}>
      {access.map((a) => (
        <li key={a} className="chip chip--on" title={a}>
          {accessWord(a)}
        </li>
      ))}
    </ul>
  ) : (
    <span className="muted">Nothing listed</span>
  );
  if (compact) {
    return (
      <div className="asset-perms asset-perms--compact">
        <span className="visually-hidden">{label}: </span>
        {chips}
      </div>
    );
  }
  const tags = value.tags ? Object.entries(value.tags).filter(([, v]) => typeof v === 'boolean') : [];
  return (
    <dl className="asset-perms fields fields--2">
      <div className="field" style={WIDE}>
        <dt>{label}</dt>
        <dd>{chips}</dd>
      </div>
      <div className="field">
        <dt>Auto-subtitles</dt>
        <dd>
          {value.canAutosub === undefined ? (
            <span className="muted">—</span>
          ) : value.canAutosub ? (
            <span className="yes">Allowed</span>
          ) : (
            <span className="no">Not allowed</span>
          )}
        </dd>
      </div>
      <div className="field">
        <dt>Usage tags</dt>
        <dd>
          {tags.length ? (
            <ul className="chips" aria-label="Usage tags">
              {tags.map(([k, v]) => (
                <li key={k} className={`chip ${v ? 'chip--on' : 'chip--off'}`}>
                  {TAG_WORDS[k] ?? keyLabel(k)}
                  <span className="visually-hidden">{v ? ': yes' : ': no'}</span>
                  <span aria-hidden="true">{v ? ' ✓' : ' –'}</span>
                </li>
              ))}
            </ul>
          ) : (
            <span className="muted">—</span>
          )}
        </dd>
      </div>
      <div className="field">
        <dt>Requests for</dt>
        <dd>{scopeText(value.sources?.requests)}</dd>
      </div>
      <div className="field">
        <dt>Auto-subtitles for</dt>
        <dd>{scopeText(value.sources?.autosubs)}</dd>
      </div>
      <div className="field" style={WIDE}>
        <dt>Ingest</dt>
        <dd>{value.ingest?.length ? value.ingest.join(', ') : <span className="muted">Not allowed</span>}</dd>
      </div>
    </dl>
  );
}

interface FeedbackProps {
  value: FeedbackBlock | undefined;
  compact?: boolean;
  /** Link the share the feedback belongs to (off on the share's own page). */
  linkShare?: boolean;
  /** Whether the viewer votes here: off for a share's sender, who reads the votes instead of casting one. */
  voter?: boolean;
}

/** How many votes a `$feedback.summary` holds: its `{vote, count}` entries summed (any other entry counts one). */
function responseCount(summary: readonly unknown[]): number {
  return summary.reduce<number>((n, s) => {
    const count = (s as { count?: unknown } | null)?.count;
    return n + (typeof count === 'number' ? count : 1);
  }, 0);
}

export function voteText(vote: string | undefined): string {
  if (!vote) return 'No vote yet';
  return keyLabel(vote);
}

export function AssetFeedback({ value, compact = false, linkShare = true, voter = true }: FeedbackProps) {
  if (!value) return compact ? null : <p className="muted">No feedback for this asset.</p>;
  const summary = value.summary ?? [];
  const responses = responseCount(summary);
  const vote = <span className={value.vote ? 'asset-feedback__vote' : 'muted'}>{voteText(value.vote)}</span>;
  if (compact && !voter) {
    return (
      <p className="asset-feedback asset-feedback--compact">
        {responses ? (
          <>
            <span className="asset-feedback__label">Votes:</span> {responses}
          </>
        ) : (
          <span className="muted">No votes yet</span>
        )}
      </p>
    );
  }
  if (compact) {
    return (
      <p className="asset-feedback asset-feedback--compact">
        <span className="asset-feedback__label">Your vote:</span> {vote}
        {responses ? (
          <span className="muted">
            {' '}
            · {responses} {responses === 1 ? 'vote' : 'votes'}
          </span>
        ) : null}
      </p>
    );
  }
  return (
    <dl className="asset-feedback fields fields--2">
      <div className="field">
        <dt>Your vote</dt>
        <dd>{vote}</dd>
      </div>
      <div className="field">
        <dt>Through share</dt>
        <dd>
          {value.share ? (
            linkShare ? (
              <Link to={`/shares/${encodeURIComponent(value.share)}`}>Open the share</Link>
            ) : (
              'A share you received'
            )
          ) : (
            <span className="muted">—</span>
          )}
        </dd>
      </div>
      <div className="field" style={WIDE}>
        <dt>Summary</dt>
        <dd>
          {summary.length ? (
            <ul className="value-list">
              {summary.map((s, i) => (
                <li key={i}>{describeUnknown(s)}</li>
              ))}
            </ul>
          ) : (
            <span className="muted">No responses yet</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
