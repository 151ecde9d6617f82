// For tests in a browser-like DOM (happy-dom): a React root in a fresh element for each test,
// unmounted and removed after it. Only tests import this.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The element the test's tree renders into. */
  host: HTMLDivElement;
  root: Root;
}

export function testRoot(): TestRoot {
  const dom = {} as TestRoot;
  beforeEach(() => {
    dom.host = document.createElement("div");
    document.body.append(dom.host);
    dom.root = createRoot(dom.host);
  });
  afterEach(() => {
    act(() => dom.root.unmount());
    dom.host.remove();
  });
  return dom;
}
