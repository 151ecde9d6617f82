// The parts every form is made of: the text field, a field's error, the checkbox and switch, and
// the hydration flag the richer controls switch on. One module, not four, because each module a
// route set shares with only some others becomes a chunk of its own, and each chunk costs a
// request and ~120 bytes of the first-load budgets.
import { type InputHTMLAttributes, type ReactNode, useId, useSyncExternalStore } from "react";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error and hint are read out with it. */
export function TextField({ label, error, hint, ...input }: Props) {
  const id = useId();
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The ids of a field's hint and error that exist, for its control's aria-describedby. */
export function describedBy(
  id: string,
  hint: string | undefined,
  error: string | undefined,
): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** Under a field: its hint, then its error. */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint: string | undefined;
  error: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </>
  );
}

/** A field's error, read out with the field (its id goes in the control's aria-describedby). */
export function FieldError({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {children}
    </p>
  );
}

const subscribe = () => () => {};

/** False in the server render and the hydrating pass, true after: a control renders its plain,
 * form-posting fallback until its script can run, so the page works before (or without) JS. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

interface ToggleProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> {
  label: ReactNode;
  hint?: string;
  error?: string | undefined;
}

/** The kit's checkbox: a real input (so it posts without JS), drawn by kit.css. */
export function Checkbox(props: ToggleProps) {
  return <Toggle kind="kit-check" {...props} />;
}

/** An on/off setting that takes effect at once (card controls): a checkbox read as a switch. */
export function Switch(props: ToggleProps) {
  return <Toggle kind="kit-switch" role="switch" {...props} />;
}

function Toggle({ kind, label, hint, error, ...input }: ToggleProps & { kind: string }) {
  const id = useId();
  return (
    <div className={error ? `${kind} field-invalid` : kind}>
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <label htmlFor={id}>
        <span className={`${kind}-mark`} aria-hidden="true" />
        <span className={`${kind}-label`}>{label}</span>
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
