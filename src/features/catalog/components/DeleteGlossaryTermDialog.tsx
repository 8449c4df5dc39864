/**
 * Deleting a glossary term (extension DELETE /glossary/{id} with If-Match). The term's latest version is read first,
 * so the question shows what will be deleted; when someone changed it meanwhile (409), the dialog shows the term as
 * it now is and asks again.
 */
import { useState } from 'react';
import type { GlossaryTerm } from '../../../api/schema/glossary';
import { glossaryTerm } from '../../../api/schema/glossary';
import { deleteGlossaryTerm, getGlossaryTerm } from '../../../api/glossary';
import { conflictRecord } from '../../../api/versioned';
import { describeError } from '../../../components/ErrorPanel';
import { LatestVersionNotice } from '../../../components/LatestVersionNotice';
import { Modal } from '../../../components/Modal';
import { useLatestVersion } from '../../../components/useLatestVersion';

interface Props {
  id: string;
  term: GlossaryTerm;
  onDeleted: () => void;
  onClose: () => void;
}

export function DeleteGlossaryTermDialog({ id, term, onDeleted, onClose }: Props) {
  const [shown, setShown] = useState(term);
  const [etag, setEtag] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const latest = useLatestVersion(
    (signal) => getGlossaryTerm(id, signal),
    (record) => {
      setShown(record.data);
      setEtag(record.etag);
    },
  );

  const remove = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await deleteGlossaryTerm(id, etag);
      onDeleted();
      onClose();
    } catch (error) {
      const current = conflictRecord(glossaryTerm, error);
      if (current) {
        setShown(current);
        setEtag((await getGlossaryTerm(id).catch(() => undefined))?.etag);
        setProblem('Someone changed this term meanwhile; here it is as it is now. Delete it anyway?');
      } else setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={`Delete the term “${shown.source ?? ''}”?`} onClose={onClose}>
      <LatestVersionNotice loading={latest.loading} error={latest.error} />
      <dl className="glossary-summary">
        <dt>Source term</dt>
        <dd>{shown.source}</dd>
        <dt>Approved translation</dt>
        <dd>{shown.translation}</dd>
        {shown.forbidden?.length ? (
          <>
            <dt>Forbidden</dt>
            <dd>{shown.forbidden.join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <p>Translators will no longer see it, and their lines are no longer checked against it.</p>
      {problem ? (
        <p className="notice notice--warning" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || latest.loading}
          onClick={() => void remove()}
        >
          {busy ? 'Deleting…' : 'Delete term'}
        </button>
      </div>
    </Modal>
  );
}
