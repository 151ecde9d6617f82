import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { isoDay, londonDay } from "../lib/format";
import {
  addDays,
  DEFAULT_MIN,
  display,
  inRange,
  iso,
  MONTHS,
  monthAllowed,
  monthGrid,
  parseTyped,
  parts,
  yearAllowed,
  yearPage,
} from "./calendar";
import { FieldError, useHydrated } from "./fields";
import { Icon } from "./Icon";

interface Props {
  label: string;
  name: string;
  /** yyyy-MM-dd or "" (controlled). */
  value?: string;
  defaultValue?: string;
  onChange?: (day: string) => void;
  min?: string;
  max?: string;
  error?: string | undefined;
  hint?: string;
}

type View = "days" | "months" | "years";

/** SPEC §2/§9's calendar date picker: a dd.MM.yyyy field that can be typed in, and a calendar
 * with day, month and year views that refuses days outside [min, max]. The form gets the day as
 * yyyy-MM-dd; before hydration it is the browser's own date field, which posts the same. */
export function DatePicker(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const min = props.min ?? DEFAULT_MIN;
  const [own, setOwn] = useState(props.defaultValue ?? "");
  const day = props.value ?? own;
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const error = props.error ?? (invalid ? "Date is invalid" : undefined);
  const described = [props.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");

  const set = (next: string) => {
    setOwn(next);
    setTyped(null);
    setInvalid(false);
    if (next !== day) props.onChange?.(next);
  };
  const commitTyped = () => {
    if (typed === null) return;
    if (typed.trim() === "") return set("");
    const parsed = parseTyped(typed);
    if (parsed && inRange(parsed, min, props.max)) set(parsed);
    else setInvalid(true);
  };

  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{props.label}</label>
      {hydrated ? (
        <div className="date-picker">
          <input type="hidden" name={props.name} value={day} />
          <span className="date-field">
            <input
              id={id}
              inputMode="numeric"
              autoComplete="off"
              placeholder="dd.mm.yyyy"
              value={typed ?? display(day)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described || undefined}
              onChange={(e) => setTyped(e.target.value)}
              onBlur={commitTyped}
              onKeyDown={(e) => {
                if (e.key === "Enter" && typed !== null) {
                  e.preventDefault();
                  commitTyped();
                }
              }}
            />
            <button
              ref={toggle}
              type="button"
              className="icon-button date-toggle"
              aria-label={`Choose ${props.label.toLowerCase()} from a calendar`}
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              <Icon name="calendar" />
            </button>
          </span>
          {open ? (
            <Calendar
              label={props.label}
              selected={day}
              min={min}
              max={props.max}
              onPick={(picked) => {
                set(picked);
                setOpen(false);
                toggle.current?.focus();
              }}
              onClose={() => {
                setOpen(false);
                toggle.current?.focus();
              }}
            />
          ) : null}
        </div>
      ) : (
        <input
          id={id}
          type="date"
          name={props.name}
          min={min}
          max={props.max}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...(props.value !== undefined
            ? { value: props.value, onChange: (e) => props.onChange?.(e.target.value) }
            : { defaultValue: props.defaultValue ?? "" })}
        />
      )}
      {props.hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** The calendar popover: a non-modal dialog; Escape or a click outside closes it. */
export function Calendar({
  label,
  selected,
  min,
  max,
  onPick,
  onClose,
}: {
  label: string;
  selected: string;
  min: string;
  max: string | undefined;
  onPick: (day: string) => void;
  onClose: () => void;
}) {
  const today = isoDay(londonDay(new Date()));
  const start = selected || (inRange(today, min, max) ? today : max && today > max ? max : min);
  const [focus, setFocus] = useState(start);
  const [view, setView] = useState<View>("days");
  const [shown, setShown] = useState(() => ({ year: parts(start).year, month: parts(start).month }));
  const root = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const within = root.current?.parentElement?.contains(event.target as Node);
      if (!within) onClose();
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [onClose]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the view and the day
  useEffect(() => {
    if (view !== "days" && !moveFocus.current) return;
    moveFocus.current = false;
    root.current?.querySelector<HTMLElement>('[tabindex="0"], [aria-current="true"]')?.focus();
  }, [view, focus]);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, []);

  const goTo = (day: string) => {
    setFocus(day);
    const { year, month } = parts(day);
    setShown({ year, month });
  };
  const onGridKey = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    const { year, month, day } = parts(focus);
    if (step !== undefined) goTo(addDays(focus, step, min, max));
    else if (event.key === "PageUp" || event.key === "PageDown") {
      const by = event.key === "PageUp" ? -1 : 1;
      const target = new Date(Date.UTC(year, month - 1 + by, 1));
      const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      goTo(addDays(iso(target.getUTCFullYear(), target.getUTCMonth() + 1, Math.min(day, last)), 0, min, max));
    } else return;
    event.preventDefault();
  };
  const page = (by: number) => {
    moveFocus.current = false;
    if (view === "days") {
      const d = new Date(Date.UTC(shown.year, shown.month - 1 + by, 1));
      setShown({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
    } else setShown({ ...shown, year: shown.year + by * (view === "years" ? 16 : 1) });
  };
  const years = yearPage(shown.year);
  const weeks = monthGrid(shown.year, shown.month);
  // One day of the shown month takes the Tab stop: the focused one, else the first allowed.
  const allowedDays = weeks.flat().filter((d) => d.inMonth && inRange(d.day, min, max));
  const tabStop = allowedDays.some((d) => d.day === focus) ? focus : allowedDays[0]?.day;
  const title =
    view === "days"
      ? `${MONTHS[shown.month - 1]} ${shown.year}`
      : view === "months"
        ? String(shown.year)
        : `${years[0]} – ${years[years.length - 1]}`;
  const prevAllowed =
    view === "years"
      ? yearAllowed((years[0] as number) - 1, min, max)
      : view === "months"
        ? yearAllowed(shown.year - 1, min, max)
        : iso(shown.year, shown.month, 1) > min;
  const nextAllowed =
    view === "years"
      ? yearAllowed((years[years.length - 1] as number) + 1, min, max)
      : view === "months"
        ? yearAllowed(shown.year + 1, min, max)
        : max === undefined || iso(shown.year, shown.month, 31) < max;

  return (
    <div
      ref={root}
      className="calendar"
      role="dialog"
      aria-label={`${label}: calendar`}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <div className="calendar-head">
        <button
          type="button"
          className="icon-button calendar-prev"
          aria-label="Previous"
          disabled={!prevAllowed}
          onClick={() => page(-1)}
        >
          <Icon name="chevron" />
        </button>
        <button
          type="button"
          className="calendar-title"
          aria-live="polite"
          disabled={view === "years"}
          onClick={() => {
            moveFocus.current = true;
            setView(view === "days" ? "months" : "years");
          }}
        >
          {title}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Next"
          disabled={!nextAllowed}
          onClick={() => page(1)}
        >
          <Icon name="chevron" />
        </button>
      </div>
      {view === "days" ? (
        <table className="calendar-days" aria-label={title} onKeyDown={onGridKey}>
          <thead>
            <tr>
              {["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map((d) => (
                <th key={d} scope="col" abbr={d}>
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]?.day}>
                {week.map(({ day, inMonth }) => (
                  <td key={day}>
                    {inMonth ? (
                      <button
                        type="button"
                        tabIndex={day === tabStop ? 0 : -1}
                        disabled={!inRange(day, min, max)}
                        aria-current={day === today ? "date" : undefined}
                        aria-label={day === selected ? `${display(day)}, chosen` : display(day)}
                        className={day === selected ? "calendar-day calendar-selected" : "calendar-day"}
                        onClick={() => onPick(day)}
                      >
                        {parts(day).day}
                      </button>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="calendar-choices">
          {(view === "months" ? MONTHS.map((_, i) => i + 1) : years).map((n) => {
            const allowed =
              view === "months" ? monthAllowed(shown.year, n, min, max) : yearAllowed(n, min, max);
            const current = view === "months" ? n === shown.month : n === shown.year;
            return (
              <button
                key={n}
                type="button"
                disabled={!allowed}
                aria-current={current ? "true" : undefined}
                className={current ? "calendar-choice calendar-selected" : "calendar-choice"}
                onClick={() => {
                  moveFocus.current = true;
                  if (view === "months") {
                    setShown({ ...shown, month: n });
                    setView("days");
                    setFocus(addDays(iso(shown.year, n, 1), 0, min, max));
                  } else {
                    setShown({ ...shown, year: n });
                    setView("months");
                  }
                }}
              >
                {view === "months" ? MONTHS[n - 1]?.slice(0, 3) : n}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
