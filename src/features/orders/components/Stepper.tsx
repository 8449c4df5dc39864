/**
 * The wizard's steps as an ordered list: the current one marked (`aria-current="step"`), the ones already reached
 * open again with a click or Enter; later ones only through Next (each step is checked before it is left). On a
 * phone the list gives way to "Step 3 of 8".
 */
import { STEP_LABELS, type Step } from '../model/draft';

interface Props {
  steps: readonly Step[];
  current: Step;
  /** The furthest step reached: every step up to it may be opened. */
  reached: number;
  /** Steps that hold a message. */
  withErrors: ReadonlySet<Step>;
  onOpen: (step: Step) => void;
}

export function Stepper({ steps, current, reached, withErrors, onOpen }: Props) {
  const index = steps.indexOf(current);
  return (
    <nav aria-label="Order steps" className="order-stepper">
      <p className="order-stepper__compact">
        Step {index + 1} of {steps.length}
      </p>
      <ol className="order-stepper__list">
        {steps.map((step, i) => {
          const isCurrent = step === current;
          const label = (
            <>
              <span className="order-stepper__number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="order-stepper__label">{STEP_LABELS[step]}</span>
              {withErrors.has(step) ? <span className="order-stepper__error"> (needs attention)</span> : null}
            </>
          );
          return (
            <li
              key={step}
              className={`order-stepper__step${isCurrent ? ' is-current' : ''}${i < index ? ' is-done' : ''}`}
            >
              {i <= reached && !isCurrent ? (
                <button type="button" className="order-stepper__button" onClick={() => onOpen(step)}>
                  {label}
                </button>
              ) : (
                <span className="order-stepper__button" aria-current={isCurrent ? 'step' : undefined}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
