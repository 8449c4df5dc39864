/**
 * A work request's instructions (safe formatted text) and tags, and the "Edit order" button that opens the order
 * editor for those who may change the order (admins, the studio's coordinators, the requester before work starts).
 */
import { useState } from 'react';
import type { User } from '../../../api/schema/user';
import type { WorkRequest } from '../../../api/schema/workRequest';
import { FormattedText } from '../../../components/FormattedText';
import { Section } from '../../../components/Section';
import { mayEditOrder } from '../model/orderEdit';
import { EditOrderDialog } from './EditOrderDialog';

export function OrderDetailsSection({ wr, user }: { wr: WorkRequest; user: User | undefined }) {
  const [editing, setEditing] = useState(false);
  const tags = (wr.tags ?? []).filter((t): t is string => typeof t === 'string');
  const editable = !!wr._id && mayEditOrder(user, wr);
  return (
    <Section
      title="Instructions"
      actions={
        editable ? (
          <button type="button" className="button button--small" onClick={() => setEditing(true)}>
            Edit order
          </button>
        ) : undefined
      }
    >
      {wr.instructions ? <FormattedText text={wr.instructions} /> : <p className="muted">No instructions.</p>}
      {tags.length ? (
        <p className="order-tags">
          <span className="muted">Tags: </span>
          {tags.map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </p>
      ) : null}
      {editing && wr._id ? <EditOrderDialog id={wr._id} initial={wr} onClose={() => setEditing(false)} /> : null}
    </Section>
  );
}
