import { Field, Fields } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { formatDateTime } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import type { Notification } from '../../../api/schema/notification';
import { notificationTitle, typeLabel, whoOf } from '../model/inbox';

/** A notification that points at no work request or share: its full record, read. */
export function NotificationDetail({ n, onClose }: { n: Notification; onClose: () => void }) {
  const when = n.added ?? n.created;
  const projects = n.event?.projects
    ?.map((p) => p.name)
    .filter(Boolean)
    .join(', ');
  return (
    <Modal title={notificationTitle(n)} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onClose();
        }}
      >
        <Fields columns={2}>
          <Field label="From">{whoOf(n)}</Field>
          <Field label="Type">{typeLabel(n.type)}</Field>
          <Field label="When">{when ? formatDateTime(when) : undefined}</Field>
          <Field label="Projects">{projects}</Field>
          <Field label="E-mail subject">{n.emailSubject}</Field>
          <Field label="Assets">{n.event?.assets?.length ? plural(n.event.assets.length, 'asset') : undefined}</Field>
        </Fields>
        <div className="modal__actions">
          <button type="submit" className="button button--primary">
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}
