import { type TextareaHTMLAttributes, useId, useState } from "react";
import { FieldError } from "./fields";

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "maxLength"> {
  label: string;
  name: string;
  maxLength: number;
  error?: string | undefined;
}

/** SPEC §2's textarea with a character counter: how much of the limit is used, read out
 * politely as it changes; the browser stops typing at the limit. */
export function Textarea({ label, maxLength, error, onChange, ...area }: Props) {
  const id = useId();
  const [length, setLength] = useState(String(area.value ?? area.defaultValue ?? "").length);
  const used = area.value !== undefined ? String(area.value).length : length;
  const described = [`${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => {
          setLength(event.target.value.length);
          onChange?.(event);
        }}
        {...area}
      />
      <p className="field-counter" id={`${id}-count`} aria-live="polite">
        {used} / {maxLength}
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
