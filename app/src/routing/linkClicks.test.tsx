// @vitest-environment happy-dom
// Plain links under one handler: what a person's clicks on them do.
import { act } from "react";
import { MemoryRouter, useLocation, useNavigationType } from "react-router";
import { describe, expect, it } from "vitest";
import { testRoot } from "../ui/testRoot";
import { isCurrentPage, useLinkClicks } from "./linkClicks";

const dom = testRoot();

function List() {
  const onClick = useLinkClicks({ preventScrollReset: true });
  const location = useLocation();
  const type = useNavigationType();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires a click that bubbles here
    <ul onClick={onClick}>
      <output>{`${location.pathname}${location.search}`}</output>
      <data value={type} />
      <li>
        <a href="/dashboard?txn=1">
          <span className="inner">One</span>
        </a>
      </li>
      <li>
        <a href="/dashboard?txn=2">Two</a>
      </li>
      <li>
        <a href="/dashboard?txn=3" target="_blank" rel="noreferrer">
          Three
        </a>
      </li>
      <li>
        <a href="https://elsewhere.example/x">Elsewhere</a>
      </li>
    </ul>
  );
}

const show = () =>
  act(() =>
    dom.root.render(
      <MemoryRouter initialEntries={["/dashboard"]}>
        <List />
      </MemoryRouter>,
    ),
  );
const at = () => dom.host.querySelector("output")?.textContent;
/** Whether the list's handler took the click from the browser; the test's DOM then never
 * follows a link itself. */
const click = (selector: string, init: MouseEventInit = {}) => {
  let taken = false;
  const after = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener("click", after);
  act(() => {
    dom.host
      .querySelector(selector)
      ?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
  });
  document.removeEventListener("click", after);
  return taken;
};

describe("useLinkClicks", () => {
  it("follows a plain click on a link, or on what is inside one, through the router", () => {
    show();
    window.history.replaceState(null, "", "/dashboard");
    expect(click("a[href='/dashboard?txn=2']")).toBe(true);
    expect(at()).toBe("/dashboard?txn=2");
    expect(dom.host.querySelector("data")?.getAttribute("value")).toBe("PUSH");
    expect(click("a[href='/dashboard?txn=1'] .inner")).toBe(true);
    expect(at()).toBe("/dashboard?txn=1");
  });

  it("replaces the history entry of the page that is open, as <Link> does", () => {
    show();
    window.history.replaceState(null, "", "/dashboard?txn=1");
    expect(click("a[href='/dashboard?txn=1']")).toBe(true);
    expect(dom.host.querySelector("data")?.getAttribute("value")).toBe("REPLACE");
  });

  it("leaves a modified click, another window's link and another site's link to the browser", () => {
    show();
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"] as const) {
      expect(click("a[href='/dashboard?txn=1']", { [modifier]: true })).toBe(false);
    }
    expect(click("a[href='/dashboard?txn=1']", { button: 1 })).toBe(false);
    expect(click("a[target=_blank]")).toBe(false);
    expect(click("a[href^='https://elsewhere']")).toBe(false);
    expect(at()).toBe("/dashboard");
  });
});

describe("isCurrentPage", () => {
  it("compares the path alone, letters in either case, as <NavLink end> does", () => {
    expect(isCurrentPage("/recipients", "/recipients")).toBe(true);
    expect(isCurrentPage("/recipients", "/Recipients")).toBe(true);
    expect(isCurrentPage("/dashboard?account=1", "/dashboard")).toBe(true);
    expect(isCurrentPage("/cards", "/cards/corporate")).toBe(false);
    expect(isCurrentPage("/cards/corporate", "/cards")).toBe(false);
    expect(isCurrentPage("/dashboard", "/dashboard/")).toBe(false);
  });
});
