import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from "react";
import { useHydrated } from "./fields";

const LENGTH = 6;

/**
 * SPEC §5 code input: six cells, digits only; a full-length paste fills every cell; Backspace
 * clears and moves back; `onComplete` fires when all cells are filled and the input is enabled.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  disabled = false,
  label,
  name,
  autoFocus = true,
}: {
  value: string;
  onChange: (value: string) => void;
  onComplete: (value: string) => void;
  disabled?: boolean;
  label: string;
  /** Each cell posts under this name when the form is sent without JavaScript. */
  name?: string;
  /** Take the focus when shown; off where the code is not the page's first task. */
  autoFocus?: boolean;
}) {
  const cells = useRef<(HTMLInputElement | null)[]>([]);
  const single = useRef<HTMLInputElement | null>(null);
  const hydrated = useHydrated();
  // Focused when it appears (issue 28): the person types the code they were just sent.
  useEffect(() => {
    if (autoFocus && hydrated) cells.current[0]?.focus();
  }, [autoFocus, hydrated]);
  const digits = value.padEnd(LENGTH, " ").slice(0, LENGTH).split("");

  const update = (next: string) => {
    const clean = next.replace(/\D/g, "").slice(0, LENGTH);
    onChange(clean);
    if (clean.length === LENGTH && !disabled) onComplete(clean);
    cells.current[Math.min(clean.length, LENGTH - 1)]?.focus();
  };

  const onInput = (index: number, typed: string) => {
    const digit = typed.replace(/\D/g, "").slice(-1);
    if (!digit) return;
    update(value.slice(0, index) + digit + value.slice(index + 1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Backspace") return;
    event.preventDefault();
    const at = value.length > index ? index : index - 1;
    if (at < 0) return;
    onChange(value.slice(0, at));
    cells.current[at]?.focus();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text").replace(/\D/g, "");
    if (pasted.length === 0) return;
    event.preventDefault();
    update(pasted);
  };

  if (!hydrated) {
    // Without JS (and until the script runs) one plain field: six boxes need a script to move
    // between them. What was typed in it carries over to the boxes.
    return (
      <div className="field code-single">
        <label htmlFor={`${name ?? "code"}-single`}>{label}</label>
        <input
          id={`${name ?? "code"}-single`}
          ref={(element) => {
            if (element) single.current = element;
            else if (single.current?.value)
              onChange(single.current.value.replace(/\D/g, "").slice(0, LENGTH));
          }}
          name={name}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LENGTH}
          defaultValue={value}
          disabled={disabled}
        />
      </div>
    );
  }

  return (
    <fieldset className="code-input" disabled={disabled}>
      <legend>{label}</legend>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the cells are positions, fixed in number
          key={index}
          ref={(element) => {
            cells.current[index] = element;
          }}
          aria-label={`Digit ${index + 1} of ${LENGTH}`}
          name={name}
          inputMode="numeric"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          maxLength={1}
          value={digit.trim()}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
        />
      ))}
    </fieldset>
  );
}
