import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { FieldError, useHydrated } from "./fields";
import { Flag } from "./Icon";
import { Icon } from "./Icon";

export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
  /** A country (ISO alpha-2) whose flag goes before the label. */
  country?: string;
}

/** The keyboard rules of a select-only combobox (WAI-ARIA APG): the option index a key moves to from `active`, skipping disabled ones; null for other keys. */
export function moveActive(options: readonly Option[], active: number, key: string): number | null {
  const enabled = options.map((o, i) => (o.disabled ? -1 : i)).filter((i) => i >= 0);
  if (enabled.length === 0) return null;
  const first = enabled[0] as number;
  const last = enabled[enabled.length - 1] as number;
  switch (key) {
    case "ArrowDown":
      return enabled.find((i) => i > active) ?? last;
    case "ArrowUp":
      return [...enabled].reverse().find((i) => i < active) ?? first;
    case "Home":
      return first;
    case "End":
      return last;
    default:
      if (key.length !== 1) return null;
      // Type-ahead: the next option after the active one whose label starts with the letter.
      {
        const letter = key.toLowerCase();
        const order = [...enabled.filter((i) => i > active), ...enabled.filter((i) => i <= active)];
        return order.find((i) => options[i]?.label.toLowerCase().startsWith(letter)) ?? null;
      }
  }
}

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
  disabled?: boolean;
}

/** The kit's select. Before hydration a styled native select that posts with its form; after,
 * SPEC §2's select overlay: a select-only combobox (WAI-ARIA APG) whose list closes on a
 * choice, Escape, a click outside and a route change. */
export function Select(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const described = props.error ? `${id}-error` : undefined;
  return (
    <div className={props.error ? "field field-invalid" : "field"}>
      <label id={`${id}-label`} htmlFor={id}>
        {props.label}
      </label>
      {hydrated ? (
        <Overlay {...props} id={id} describedBy={described} />
      ) : (
        <span className="select-native">
          <select
            id={id}
            name={props.name}
            disabled={props.disabled}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={described}
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
          {chosen?.country ? <Flag country={chosen.country} /> : null}
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
              data-value={o.value}
              aria-disabled={o.disabled || undefined}
              className={i === active ? "select-option select-option-active" : "select-option"}
              onPointerEnter={() => setActive(i)}
              onClick={() => choose(i)}
            >
              <span>
                {o.country ? <Flag country={o.country} /> : null}
                {o.label}
              </span>
              {o.value === current ? <Icon name="check" /> : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
