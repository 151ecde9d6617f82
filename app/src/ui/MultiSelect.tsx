import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { FieldError, useHydrated } from "./fields";
import { Icon } from "./Icon";
import type { Option } from "./Select";

/** Options whose label contains the search, case and accents aside, that are not chosen yet. */
export function matching(options: readonly Option[], chosen: readonly string[], search: string): Option[] {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const wanted = fold(search.trim());
  return options.filter((o) => !chosen.includes(o.value) && fold(o.label).includes(wanted));
}

/** Several choices from a long list: the chosen ones as removable chips, the rest found by
 * typing (a combobox with a listbox, WAI-ARIA APG). Before hydration, a list of checkboxes that
 * posts the same name once per choice. */
export function MultiSelect({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  placeholder = "Type to search",
  children,
}: {
  legend: string;
  name: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  placeholder?: string;
  /** More of the same question, inside its group (such as an "Other" answer). */
  children?: ReactNode;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const found = matching(options, value, search);
  const label = (v: string) => options.find((o) => o.value === v)?.label ?? v;

  const add = (option: Option | undefined) => {
    if (!option) return;
    onChange([...value, option.value]);
    setSearch("");
    setActive(0);
    // Closed after a choice, so the list never covers what comes next; typing opens it again.
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const by = event.key === "ArrowDown" ? 1 : -1;
      setActive(Math.min(Math.max(active + by, 0), Math.max(found.length - 1, 0)));
    } else if (event.key === "Enter" && open && found.length > 0) {
      event.preventDefault();
      add(found[Math.min(active, found.length - 1)]);
    } else if (event.key === "Escape") {
      setOpen(false);
    } else if (event.key === "Backspace" && search === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <fieldset
      className={error ? "field field-invalid multi-select" : "field multi-select"}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend id={`${id}-legend`}>{legend}</legend>
      {hydrated ? (
        <>
          {value.length > 0 ? (
            <ul className="chips" aria-label={`${legend}: chosen`}>
              {value.map((v) => (
                <li key={v} className="chip chip-grey chip-removable">
                  {label(v)}
                  <button
                    type="button"
                    aria-label={`Remove ${label(v)}`}
                    onClick={() => {
                      onChange(value.filter((x) => x !== v));
                      input.current?.focus();
                    }}
                  >
                    <Icon name="close" size={14} />
                  </button>
                  <input type="hidden" name={name} value={v} />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="multi-search">
            <input
              ref={input}
              role="combobox"
              aria-labelledby={`${id}-legend`}
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={`${id}-list`}
              aria-activedescendant={
                open && found.length > 0 ? `${id}-${Math.min(active, found.length - 1)}` : undefined
              }
              aria-invalid={error ? true : undefined}
              placeholder={placeholder}
              value={search}
              autoComplete="off"
              onChange={(e) => {
                setSearch(e.target.value);
                setOpen(true);
                setActive(0);
              }}
              onFocus={() => setOpen(true)}
              onClick={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
            />
            {open ? (
              <div id={`${id}-list`} role="listbox" aria-label={legend} className="select-list">
                {found.length === 0 ? (
                  <p className="select-empty">Nothing matches</p>
                ) : (
                  found.map((o, i) => (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the search
                    <div
                      key={o.value}
                      id={`${id}-${i}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={i === active}
                      className={i === active ? "select-option select-option-active" : "select-option"}
                      onPointerDown={(e) => e.preventDefault()}
                      onClick={() => add(o)}
                    >
                      {o.label}
                    </div>
                  ))
                )}
              </div>
            ) : null}
          </div>
        </>
      ) : (
        <div className="multi-fallback">
          {options.map((o) => (
            <label key={o.value} className="choice">
              <input type="checkbox" name={name} value={o.value} defaultChecked={value.includes(o.value)} />
              {o.label}
            </label>
          ))}
        </div>
      )}
      {children}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
