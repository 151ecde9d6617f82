import { useEffect, useRef } from "react";

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

/** A wizard's step change: the page goes to the top and the new step's heading (the ref's
 * element, with tabIndex -1) takes the focus unless the step focused a field itself, so a step never opens halfway down the page and a
 * screen reader starts at its title. Not on the first render: a page load keeps its place. */
export function useStepFocus<T extends HTMLElement>(step: unknown) {
  const heading = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    window.scrollTo({ top: 0 });
    // A step that put the focus in its own first field (the code input) keeps it there.
    if (!document.activeElement?.matches("input, textarea")) heading.current?.focus();
  }, [step]);
  return heading;
}

/** After a refused step: the first field marked invalid takes the focus, scrolled into view. */
export function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    field?.focus();
    field?.scrollIntoView({ block: "center" });
  });
}
