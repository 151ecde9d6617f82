// @vitest-environment happy-dom
// The kit's interactive behaviour, in a browser-like DOM: what a person's clicks and keys do.
import { act, type ReactNode, useState } from "react";
import { MemoryRouter, useNavigate } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_MIN, display, monthGrid, parseTyped, YEARS_PER_PAGE, yearPage } from "./calendar";
import { CodeInput } from "./CodeInput";
import { DatePicker } from "./DatePicker";
import { Dialog } from "./Dialog";
import { MultiSelect } from "./MultiSelect";
import { SELECT_CLOSE_MS, Select } from "./Select";
import { testRoot } from "./testRoot";

const dom = testRoot();
afterEach(() => {
  vi.useRealTimers();
});

const show = (ui: ReactNode) =>
  act(() => dom.root.render(<MemoryRouter initialEntries={["/a"]}>{ui}</MemoryRouter>));
const $ = <T extends Element = HTMLElement>(selector: string) => dom.host.querySelector<T>(selector);
const $$ = (selector: string) => [...dom.host.querySelectorAll<HTMLElement>(selector)];
const key = (target: Element, name: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
  });
const click = (target: Element | null) =>
  act(() => {
    (target as HTMLElement).click();
  });
const type = (input: HTMLInputElement, text: string) =>
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

const COUNTRIES = [
  { value: "AT", label: "Austria" },
  { value: "DE", label: "Germany" },
  { value: "GB", label: "United Kingdom" },
  { value: "FR", label: "France" },
];

describe("Select", () => {
  function Chooser({ onChange }: { onChange: (v: string) => void }) {
    const navigate = useNavigate();
    return (
      <>
        <Select label="Country" name="country" options={COUNTRIES} defaultValue="DE" onChange={onChange} />
        <button type="button" id="go" onClick={() => navigate("/b")}>
          go
        </button>
      </>
    );
  }

  it("chooses with the keys, posts the value, and the overlay is gone 200 ms after closing", () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    show(<Chooser onChange={onChange} />);
    const box = $("[role=combobox]") as HTMLElement;
    expect(box.textContent).toBe("Germany");
    key(box, "ArrowDown");
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect($$("[role=option]").map((o) => o.textContent)).toEqual(COUNTRIES.map((c) => c.label));
    key(box, "ArrowDown");
    key(box, "Enter");
    expect(onChange).toHaveBeenCalledWith("GB");
    expect($<HTMLInputElement>("input[name=country]")?.value).toBe("GB");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect($("[role=listbox]")).not.toBeNull();
    act(() => vi.advanceTimersByTime(SELECT_CLOSE_MS - 1));
    expect($("[role=listbox]")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect($("[role=listbox]")).toBeNull();
  });

  it("type-ahead moves to the option by its first letter, and Escape closes without choosing", () => {
    const onChange = vi.fn();
    show(<Chooser onChange={onChange} />);
    const box = $("[role=combobox]") as HTMLElement;
    click(box);
    key(box, "f");
    expect(box.getAttribute("aria-activedescendant")).toBe($$("[role=option]")[3]?.id);
    key(box, "Escape");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("closes at once when the route changes", () => {
    show(<Chooser onChange={() => {}} />);
    click($("[role=combobox]"));
    expect($("[role=listbox]")).not.toBeNull();
    click($("#go"));
    expect($("[role=listbox]")).toBeNull();
  });
});

describe("DatePicker", () => {
  function Picker(props: { min?: string; max?: string; initial?: string }) {
    const [day, setDay] = useState(props.initial ?? "");
    return (
      <DatePicker label="From" name="from" value={day} onChange={setDay} min={props.min} max={props.max} />
    );
  }

  it("shows and accepts dd.MM.yyyy, and posts yyyy-MM-dd", () => {
    show(<Picker initial="2026-03-05" />);
    const field = $<HTMLInputElement>(
      `#${CSS.escape($("label")?.getAttribute("for") ?? "")}`,
    ) as HTMLInputElement;
    expect(field.value).toBe("05.03.2026");
    type(field, "7.4.2026");
    act(() => field.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect($<HTMLInputElement>("input[name=from]")?.value).toBe("2026-04-07");
    expect(field.value).toBe("07.04.2026");
  });

  it("refuses a typed day outside min/max or not in the calendar", () => {
    show(<Picker min="2026-01-01" max="2026-11-26" initial="2026-03-05" />);
    const field = dom.host.querySelector<HTMLInputElement>("input[inputmode=numeric]") as HTMLInputElement;
    type(field, "27.11.2026");
    act(() => field.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect($(".field-error")?.textContent).toBe("Date is invalid");
    expect($<HTMLInputElement>("input[name=from]")?.value).toBe("2026-03-05");
    type(field, "31.02.2026");
    act(() => field.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect($<HTMLInputElement>("input[name=from]")?.value).toBe("2026-03-05");
  });

  it("disables days outside min/max, and goes from days to months to years and back", () => {
    show(<Picker min="2026-03-10" max="2026-11-26" initial="2026-03-12" />);
    click($("[aria-label='Choose from from a calendar']"));
    const days = $$(".calendar-day");
    const enabled = days.filter((d) => !(d as HTMLButtonElement).disabled).map((d) => d.textContent);
    expect(enabled[0]).toBe("10");
    expect(enabled.at(-1)).toBe("31");
    expect((days[8] as HTMLButtonElement).disabled).toBe(true);
    expect(($(".calendar-prev") as HTMLButtonElement).disabled).toBe(true);
    click($(".calendar-title"));
    const months = $$(".calendar-choice");
    expect(months.map((m) => m.textContent)).toHaveLength(12);
    expect(months.filter((m) => !(m as HTMLButtonElement).disabled).map((m) => m.textContent)).toEqual([
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
    ]);
    click($(".calendar-title"));
    const years = $$(".calendar-choice");
    expect(years.length).toBeGreaterThanOrEqual(12);
    expect(years.filter((y) => !(y as HTMLButtonElement).disabled).map((y) => y.textContent)).toEqual([
      "2026",
    ]);
    click(years.find((y) => y.textContent === "2026") ?? null);
    click($$(".calendar-choice").find((m) => m.textContent === "Jun") ?? null);
    expect($(".calendar-title")?.textContent).toBe("June 2026");
    click($$(".calendar-day").find((d) => d.textContent === "15") ?? null);
    expect($<HTMLInputElement>("input[name=from]")?.value).toBe("2026-06-15");
    expect($(".calendar")).toBeNull();
  });

  it("moves through the days with the arrow keys and picks with Enter", () => {
    show(<Picker initial="2026-03-31" />);
    click($(".date-toggle"));
    const grid = $(".calendar-days") as HTMLElement;
    key(grid, "ArrowRight");
    expect($(".calendar-title")?.textContent).toBe("April 2026");
    key(grid, "ArrowDown");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("08.04.2026");
    key(grid, "Escape");
    expect($(".calendar")).toBeNull();
  });
});

describe("calendar", () => {
  it("starts weeks on Monday and pads the month to whole weeks", () => {
    const weeks = monthGrid(2026, 11);
    expect(weeks[0]?.[0]?.day).toBe("2026-10-26");
    expect(weeks[0]?.[6]?.day).toBe("2026-11-01");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
  });

  it("lists at least 12 years, the asked year among them; reads typed days; defaults min to 1800", () => {
    expect(YEARS_PER_PAGE).toBeGreaterThanOrEqual(12);
    expect(yearPage(2026)).toContain(2026);
    expect(yearPage(2026)).toHaveLength(YEARS_PER_PAGE);
    expect(parseTyped("1/2/2026")).toBe("2026-02-01");
    expect(parseTyped("29.02.2025")).toBeNull();
    expect(parseTyped("2026-02-01")).toBeNull();
    expect(display("2026-02-01")).toBe("01.02.2026");
    expect(DEFAULT_MIN).toBe("1800-01-01");
  });
});

describe("MultiSelect", () => {
  function Countries() {
    const [chosen, setChosen] = useState<string[]>(["AT"]);
    return (
      <MultiSelect
        legend="Countries"
        name="countries"
        options={COUNTRIES}
        value={chosen}
        onChange={setChosen}
      />
    );
  }

  it("finds by typing, adds with Enter as a chip, and Backspace in the empty search removes the last", () => {
    show(<Countries />);
    const search = $<HTMLInputElement>("[role=combobox]") as HTMLInputElement;
    type(search, "king");
    expect($$("[role=option]").map((o) => o.textContent)).toEqual(["United Kingdom"]);
    key(search, "Enter");
    expect($$("input[name=countries]").map((i) => (i as HTMLInputElement).value)).toEqual(["AT", "GB"]);
    expect(search.value).toBe("");
    key(search, "Backspace");
    expect($$("input[name=countries]").map((i) => (i as HTMLInputElement).value)).toEqual(["AT"]);
    click($("[aria-label='Remove Austria']"));
    expect($$("input[name=countries]")).toHaveLength(0);
  });
});

describe("CodeInput", () => {
  function Code({ onComplete }: { onComplete: (code: string) => void }) {
    const [code, setCode] = useState("");
    return <CodeInput label="SMS code" name="code" value={code} onChange={setCode} onComplete={onComplete} />;
  }
  const cells = () => $$("input[aria-label^=Digit]") as HTMLInputElement[];

  it("takes the focus, fills every cell from a full paste and completes", () => {
    const onComplete = vi.fn();
    show(<Code onComplete={onComplete} />);
    expect(document.activeElement).toBe(cells()[0]);
    act(() => {
      const paste = new Event("paste", { bubbles: true }) as Event & { clipboardData: unknown };
      paste.clipboardData = { getData: () => "12 34 56" };
      cells()[0]?.dispatchEvent(paste);
    });
    expect(cells().map((c) => c.value)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(onComplete).toHaveBeenCalledWith("123456");
  });

  it("Backspace clears the last digit and moves back", () => {
    show(<Code onComplete={() => {}} />);
    type(cells()[0] as HTMLInputElement, "4");
    type(cells()[1] as HTMLInputElement, "2");
    expect(document.activeElement).toBe(cells()[2]);
    key(cells()[2] as HTMLInputElement, "Backspace");
    expect(cells().map((c) => c.value)).toEqual(["4", "", "", "", "", ""]);
    expect(document.activeElement).toBe(cells()[1]);
  });
});

describe("Dialog", () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" id="open" onClick={() => setOpen(true)}>
          open
        </button>
        <Dialog open={open} title="Close this card?" onClose={() => setOpen(false)}>
          <button type="button">Close card</button>
        </Dialog>
      </>
    );
  }

  it("is labelled by its title, and gives the focus back to its opener when closed", () => {
    show(<Opener />);
    const opener = $("#open") as HTMLElement;
    opener.focus();
    click(opener);
    const dialog = $("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      "Close this card?",
    );
    click($("[aria-label=Close]"));
    expect($("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
