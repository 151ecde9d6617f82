// @vitest-environment happy-dom
// The app's <Link>: a plain anchor the router follows, as React Router's <Link> would.
import { act, type ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { testRoot } from "../ui/testRoot";
import { Link, LinkClicks } from "./Link";

const dom = testRoot();

function Where() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

const show = (links: ReactNode, routed = true) =>
  act(() =>
    dom.root.render(
      <MemoryRouter initialEntries={["/dashboard"]}>
        <Where />
        {routed ? <LinkClicks>{links}</LinkClicks> : links}
      </MemoryRouter>,
    ),
  );
const at = () => dom.host.querySelector("output")?.textContent;
const click = (selector: string) => {
  let taken = false;
  const after = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener("click", after);
  act(() => {
    dom.host
      .querySelector(selector)
      ?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
  });
  document.removeEventListener("click", after);
  return taken;
};

describe("Link", () => {
  it("writes a query of the open page with the page's path, and a path as given", () => {
    show(
      <>
        <Link to="?account=2" className="a">
          Account
        </Link>
        <Link to="/login" className="b">
          Log in
        </Link>
      </>,
    );
    expect(dom.host.querySelector(".a")?.getAttribute("href")).toBe("/dashboard?account=2");
    expect(dom.host.querySelector(".b")?.getAttribute("href")).toBe("/login");
  });

  it("is followed by the router after its own click handler", () => {
    const own = vi.fn();
    show(
      <Link to="/cards?card=1" className="a" onClick={own}>
        Card
      </Link>,
    );
    expect(click(".a")).toBe(true);
    expect(own).toHaveBeenCalledOnce();
    expect(at()).toBe("/cards?card=1");
  });

  it("leaves a click its own handler took to that handler", () => {
    show(
      <Link to="/cards" className="a" onClick={(event) => event.preventDefault()}>
        Card
      </Link>,
    );
    click(".a");
    expect(at()).toBe("/dashboard");
  });

  it("is the browser's on a page the router does not run", () => {
    show(
      <Link to="/cards" className="a">
        Card
      </Link>,
      false,
    );
    expect(click(".a")).toBe(false);
    expect(at()).toBe("/dashboard");
  });
});
