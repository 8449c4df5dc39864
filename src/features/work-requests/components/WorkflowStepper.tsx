/** The asset's workflow as a WIP -> LOCK -> FINAL stepper, with the approvals the workflow requires. */
import { WORKFLOW_PHASES, type Workflow } from '../../../api/schema/workRequest';
import { Field, Fields, YesNo } from '../../../components/Field';
import { RecordName } from '../../../components/RecordName';
import { keyLabel } from '../../../lib/format';
import '../../../components/record.css';

const PHASE_LABELS: Record<string, string> = { WIP: 'Work in progress', LOCK: 'Picture lock', FINAL: 'Final' };

export function WorkflowStepper({ workflow }: { workflow: Workflow | undefined }) {
  if (!workflow) return <p className="muted">This asset carries no workflow.</p>;
  const phases = workflow.definition?.phases;
  const current = workflow.phase;
  const currentIndex = WORKFLOW_PHASES.findIndex((p) => p === current);
  return (
    <div className="workflow">
      <ol className="stepper" aria-label="Workflow phases">
        {WORKFLOW_PHASES.map((phase, i) => {
          const state =
            currentIndex < 0 ? 'upcoming' : i < currentIndex ? 'done' : i === currentIndex ? 'current' : 'upcoming';
          const terminal = phases?.[phase]?.terminal;
          return (
            <li
              key={phase}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__marker" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span className="stepper__text">
                <span className="stepper__name">{phase}</span>
                <span className="stepper__label">
                  {PHASE_LABELS[phase]}
                  {terminal ? ' · terminal' : ''}
                </span>
                <span className="visually-hidden">
                  {state === 'done' ? '(completed)' : state === 'current' ? '(current phase)' : '(not reached)'}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {current && currentIndex < 0 ? (
        <p className="hint">
          Current phase: <code>{current}</code> (not one of WIP, LOCK, FINAL).
        </p>
      ) : null}
      <Fields columns={2}>
        <Field label="Graphics approval required">
          <YesNo value={workflow.requireGraphicsApproval} />
        </Field>
        <Field label="Offline approval required">
          <YesNo value={workflow.requireOfflineApproval} />
        </Field>
      </Fields>
      {phases ? (
        <details className="disclosure">
          <summary>Phase definitions</summary>
          <div className="scroll-x">
            <table className="mini-table">
              <thead>
                <tr>
                  <th scope="col">Phase</th>
                  <th scope="col">Groups</th>
                  <th scope="col">Users</th>
                  <th scope="col">Terminal</th>
                </tr>
              </thead>
              <tbody>
                {WORKFLOW_PHASES.map((phase) => {
                  const def = phases[phase];
                  return (
                    <tr key={phase}>
                      <th scope="row">{phase}</th>
                      <td>
                        {def?.groups?.length
                          ? def.groups.map((g, i) => (
                              <div key={g.id ?? i}>
                                {g.id ? <RecordName collection="groups" id={g.id} /> : '—'}
                                {g.dng?.length ? ` · ${g.dng.map(keyLabel).join(', ')}` : ''}
                                {g.usages?.length ? ` · ${g.usages.map(String).join(', ')}` : ''}
                              </div>
                            ))
                          : '—'}
                      </td>
                      <td>{def?.users?.length ?? 0}</td>
                      <td>
                        <YesNo value={def?.terminal} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </div>
  );
}
