/**
 * A wizard's step list; the current step is announced to assistive technology. The number is
 * text, not a CSS counter: on a phone only the current step shows, and a counter would count it
 * as the first.
 */
export function Steps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <div className="stepper">
      <p className="steps-count">{`Step ${current + 1} of ${steps.length}`}</p>
      <ol className="steps" aria-label="Progress">
        {steps.map((step, index) => (
          <li
            key={step}
            className={index === current ? "step step-current" : index < current ? "step step-done" : "step"}
            aria-current={index === current ? "step" : undefined}
          >
            {`${index + 1}. ${step}`}
          </li>
        ))}
      </ol>
    </div>
  );
}
