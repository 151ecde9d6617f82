import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { FieldError } from "./FieldError";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> {
  label: ReactNode;
  hint?: string;
  error?: string | undefined;
}

/** The kit's checkbox: a real input (so it posts without JS), drawn by kit.css. */
export function Checkbox({ label, hint, error, ...input }: Props) {
  return <Toggle kind="check" label={label} hint={hint} error={error} input={input} />;
}

/** An on/off setting that takes effect at once (card controls): a checkbox read as a switch. */
export function Switch({ label, hint, error, ...input }: Props) {
  return <Toggle kind="switch" label={label} hint={hint} error={error} input={input} />;
}

function Toggle({
  kind,
  label,
  hint,
  error,
  input,
}: {
  kind: "check" | "switch";
  label: ReactNode;
  hint: string | undefined;
  error: string | undefined;
  input: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id">;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={error ? `${kind} field-invalid` : kind}>
      <input
        id={id}
        type="checkbox"
        role={kind === "switch" ? "switch" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      <label htmlFor={id}>
        <span className={`${kind}-mark`} aria-hidden="true" />
        <span className={`${kind}-label`}>{label}</span>
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
