/**
 * Accepting a line's problem by one rule, with a reason the reviewer reads (docs/API.md "Accepted problems"). The
 * lines are saved first: an acceptance holds for the text the server has, so it must be the text on screen.
 */
import { useState } from 'react';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { ACCEPTANCE_REASON_MAX } from '../../../api/schema/qcAcceptance';
import type { EditorDocument } from '../model/editorDocument';
import type { QcRuleId } from '../model/qc/types';
import { ruleLabel } from '../model/submitCheck';

interface Props {
  doc: EditorDocument;
  index: number;
  rule: QcRuleId;
  saveNow: () => Promise<boolean>;
  accept: (body: { line: number; rule: string; reason: string }) => Promise<unknown>;
  onAccepted: (message: string) => void;
  onClose: () => void;
}

export function AcceptProblemDialog({ doc, index, rule, saveNow, accept, onAccepted, onClose }: Props) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const line = doc.row(index)?.line;
  const problems = (line ? doc.problemsOf(doc.row(index)!.key) : []).filter((p) => p.rule === rule);
  const confirm = async (reason: string) => {
    if (!line) return onClose();
    setPending(true);
    setError(undefined);
    try {
      if (!(await saveNow())) throw new Error('The lines could not be saved first; see the save state and try again.');
      await accept({ line: line.number ?? index + 1, rule, reason });
      onAccepted(`Line ${index + 1}: ${ruleLabel(rule)} accepted.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The problem could not be accepted; try again.');
      setPending(false);
    }
  };
  return (
    <ReasonDialog
      title={`Accept ${ruleLabel(rule)} on line ${index + 1}?`}
      description={`${problems.map((p) => p.message).join('; ')}. Submit no longer counts it while the line keeps this text; the reviewer sees your reason.`}
      confirmLabel="Accept"
      hint="Say why it stands (e.g. a title card the client wants whole): the reviewer reads it."
      maxLength={ACCEPTANCE_REASON_MAX}
      pending={pending}
      error={error}
      onConfirm={({ reason }) => void confirm(reason)}
      onClose={onClose}
    />
  );
}
