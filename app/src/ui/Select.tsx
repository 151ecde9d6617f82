import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { FieldError } from "./FieldError";
import { Icon } from "./Icon";
import { moveActive, type Option } from "./selectList";
import { useHydrated } from "./useHydrated";

export type { Option } from "./selectList";

/** SPEC §9: the overlay fades out over 200 ms once closed. */
export const SELECT_CLOSE_MS = 200;

interface Props {
  label: string;
  name: string;
  options: readonly Option[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
  /** Read by a screen reader only, for a select whose label a heading already shows. */
  hideLabel?: boolean;
}

/** The kit's select. Before hydration a styled native select that posts with its form; after,
 * SPEC §2's select overlay: a select-only combobox (WAI-ARIA APG) whose list closes on a
 * choice, Escape, a click outside and a route change. */
export function Select(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const described = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean);
  return (
    <div className={props.error ? "field field-invalid" : "field"}>
      <label id={`${id}-label`} htmlFor={id} className={props.hideLabel ? "visually-hidden" : undefined}>
        {props.label}
      </label>
      {hydrated ? (
        <Overlay {...props} id={id} describedBy={described.join(" ") || undefined} />
      ) : (
        <span className="select-native">
          <select
            id={id}
            name={props.name}
            disabled={props.disabled}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={described.join(" ") || undefined}
            {...(props.value !== undefined
              ? { value: props.value, onChange: (e) => props.onChange?.(e.target.value) }
              : { defaultValue: props.defaultValue ?? "" })}
          >
            {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
            {props.options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
          <Icon name="chevron" />
        </span>
      )}
      {props.hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{props.error}</FieldError>
    </div>
  );
}

function Overlay({
  id,
  describedBy,
  name,
  options,
  value,
  defaultValue,
  onChange,
  placeholder,
  error,
  disabled,
}: Props & { id: string; describedBy: string | undefined }) {
  const [own, setOwn] = useState(defaultValue ?? "");
  const current = value ?? own;
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const chosen = options.find((o) => o.value === current);

  const close = () => {
    setOpen(false);
    setClosing(true);
  };
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => setClosing(false), SELECT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closing]);
  // A route change closes it at once (SPEC §2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => {
    setOpen(false);
    setClosing(false);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (box.current?.contains(event.target as Node)) return;
      setOpen(false);
      setClosing(true);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const show = () => {
    setActive(Math.max(0, options.indexOf(chosen as Option)));
    setClosing(false);
    setOpen(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option || option.disabled) return;
    setOwn(option.value);
    if (option.value !== current) onChange?.(option.value);
    close();
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) {
      if (["ArrowDown", "ArrowUp", "Enter", " "].includes(event.key)) {
        event.preventDefault();
        show();
      }
      return;
    }
    if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault();
      close();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(active);
    } else {
      const next = moveActive(options, active, event.key);
      if (next !== null) {
        event.preventDefault();
        setActive(next);
      }
    }
  };

  return (
    <div className="select" ref={box}>
      <input type="hidden" name={name} value={current} />
      <button
        ref={button}
        id={id}
        type="button"
        role="combobox"
        className="select-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-labelledby={`${id}-label ${id}`}
        aria-activedescendant={open && active >= 0 ? `${id}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => (open ? close() : show())}
        onKeyDown={onKeyDown}
      >
        <span className={chosen ? "select-value" : "select-value select-placeholder"}>
          {chosen?.label ?? placeholder ?? "Choose"}
        </span>
        <Icon name="chevron" />
      </button>
      {open || closing ? (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-labelledby={`${id}-label`}
          className={open ? "select-list" : "select-list select-list-closing"}
        >
          {options.map((o, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox
            <div
              key={o.value}
              id={`${id}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={o.value === current}
              aria-disabled={o.disabled || undefined}
              className={i === active ? "select-option select-option-active" : "select-option"}
              onPointerEnter={() => setActive(i)}
              onClick={() => choose(i)}
            >
              {o.label}
              {o.value === current ? <Icon name="check" /> : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
