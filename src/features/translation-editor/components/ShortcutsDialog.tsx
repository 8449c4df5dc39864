/** The "?" overlay: every shortcut, grouped. */
import { Modal } from '../../../components/Modal';
import { SHORTCUTS, type Shortcut } from '../model/shortcuts';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const groups = new Map<Shortcut['group'], Shortcut[]>();
  for (const s of SHORTCUTS) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <div className="shortcuts">
        {[...groups].map(([group, list]) => (
          <section key={group}>
            <h3>{group}</h3>
            <dl className="shortcuts__list">
              {list.map((s) => (
                <div key={s.command} className="shortcuts__item">
                  <dt>
                    <kbd>{s.keys}</kbd>
                  </dt>
                  <dd>{s.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="modal__actions te-actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </Modal>
  );
}
