/**
 * The edit conflict view (moved here from the share page, which uses it, as does the order editor): after a 409 with
 * the other version, says what they changed and what I changed, in words, and offers to re-apply my edits onto
 * their version (reviewed, then saved again) or to drop mine. Nothing typed is lost until the user says so. The
 * caller adds what is particular to its record: their version in full, a choice per field both sides changed.
 */
import type { ReactNode } from 'react';
import './conflictPanel.css';

interface Props {
  /** Words for the record: "share", "order". */
  what: string;
  theirChanges: readonly string[];
  myChanges: readonly string[];
  /** Shown when none of their changes is one the user can edit here. */
  theirsNone?: string;
  /** Their version, in a disclosure. */
  theirVersion?: ReactNode;
  /** More, under the two columns (e.g. a choice per field both sides changed). */
  children?: ReactNode;
  reapplyLabel?: string;
  discardLabel?: string;
  onReapply: () => void;
  onDiscard: () => void;
  disabled?: boolean;
}

export function ConflictPanel(props: Props) {
  return (
    <div className="conflict" role="alert">
      <h2 className="conflict__title">Someone else changed this {props.what} while you were editing</h2>
      <p>Your changes are not saved yet, and nothing is lost. Their version is now on the server:</p>
      <div className="conflict__cols">
        <div>
          <h3 className="subheading">What they changed</h3>
          {props.theirChanges.length ? (
            <ul className="value-list">
              {props.theirChanges.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">
              {props.theirsNone ?? `Nothing you can edit here (other fields of the ${props.what}).`}
            </p>
          )}
          {props.theirVersion ? (
            <details className="disclosure">
              <summary>Their version</summary>
              {props.theirVersion}
            </details>
          ) : null}
        </div>
        <div>
          <h3 className="subheading">Your unsaved changes</h3>
          <Changes items={props.myChanges} none="Only the changes chosen below." />
        </div>
      </div>
      {props.children}
      <div className="form-actions conflict__actions">
        <button type="button" className="button" onClick={props.onDiscard} disabled={props.disabled}>
          {props.discardLabel ?? 'Discard mine, keep theirs'}
        </button>
        <button type="button" className="button button--primary" onClick={props.onReapply} disabled={props.disabled}>
          {props.reapplyLabel ?? 'Re-apply my changes to their version'}
        </button>
      </div>
    </div>
  );
}

function Changes({ items, none }: { items: readonly string[]; none: string }) {
  if (!items.length) return <p className="muted">{none}</p>;
  return (
    <ul className="value-list">
      {items.map((c, i) => (
        <li key={i}>{c}</li>
      ))}
    </ul>
  );
}
