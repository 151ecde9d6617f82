import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { atLeast, LOADER_MIN_MS } from "./AppLoader";
import { Button } from "./Button";
import { Money } from "./Money";
import { pageItems } from "./pages";
import { StatusChip } from "./StatusChip";
import { createToasts, TOAST_MS } from "./toasts";

describe("Money", () => {
  it("signs money in and out and marks its direction", () => {
    expect(renderToString(<Money amount={1250.5} currency="GBP" signed />)).toBe(
      '<span class="money money-in">+£1,250.50</span>',
    );
    expect(renderToString(<Money amount={-12} currency="EUR" signed />)).toBe(
      '<span class="money money-out">-€12.00</span>',
    );
  });

  it("shows a balance without a sign or colour", () => {
    expect(renderToString(<Money amount={204546.63} currency="GBP" />)).toBe(
      '<span class="money">£204,546.63</span>',
    );
  });
});

describe("Button", () => {
  it("is never a stray submit, and is busy and disabled while loading", () => {
    expect(renderToString(<Button>Save</Button>)).toContain('type="button"');
    const busy = renderToString(<Button loading>Save</Button>);
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain('class="spinner"');
  });

  it("names its weight and size in its classes", () => {
    expect(
      renderToString(
        <Button variant="danger" size="large" block>
          Close card
        </Button>,
      ),
    ).toContain('class="button button-danger button-large button-block"');
  });
});

describe("StatusChip", () => {
  it("carries SPEC §4's colour as its tone", () => {
    expect(renderToString(<StatusChip tone="green">Active</StatusChip>)).toBe(
      '<span class="chip chip-green">Active</span>',
    );
  });
});

describe("pagination (SPEC §9)", () => {
  it("lists every page while there are fewer than 10", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("cuts longer runs with an ellipsis around the current page", () => {
    expect(pageItems(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageItems(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
    expect(pageItems(20, 20)).toEqual([1, null, 19, 20]);
    expect(pageItems(3, 12)).toEqual([1, 2, 3, 4, null, 12]);
  });
});

describe("toasts (SPEC §8)", () => {
  it("shows each text once and takes it away after 5 seconds", () => {
    vi.useFakeTimers();
    try {
      const toasts = createToasts();
      toasts.show("Success");
      toasts.show("Success");
      expect(toasts.current().map((t) => t.text)).toEqual(["Success"]);
      toasts.show("Code was resent successfully");
      expect(toasts.current()).toHaveLength(2);
      vi.advanceTimersByTime(TOAST_MS - 1);
      expect(toasts.current()).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(toasts.current()).toHaveLength(0);
      // Gone, the same text may be shown again.
      toasts.show("Success");
      expect(toasts.current()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("tells its listeners and can be dismissed early", () => {
    const toasts = createToasts(() => undefined);
    const seen: number[] = [];
    const stop = toasts.subscribe((shown) => seen.push(shown.length));
    toasts.show("Message sent successfully");
    const [first] = toasts.current();
    if (first) toasts.dismiss(first.id);
    stop();
    toasts.show("Later");
    expect(seen).toEqual([1, 0]);
  });
});

describe("app loader (SPEC §9: at least 1 s)", () => {
  it("stays the full second when the data answers at once", async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const waiting = atLeast(LOADER_MIN_MS, Promise.resolve("ready")).then((value) => {
        done = true;
        return value;
      });
      await vi.advanceTimersByTimeAsync(LOADER_MIN_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      expect(await waiting).toBe("ready");
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits for slow data beyond the second", async () => {
    vi.useFakeTimers();
    try {
      let answer: (value: string) => void = () => {};
      let done = false;
      const waiting = atLeast(LOADER_MIN_MS, new Promise<string>((resolve) => (answer = resolve))).then(
        () => {
          done = true;
        },
      );
      await vi.advanceTimersByTimeAsync(3000);
      expect(done).toBe(false);
      answer("late");
      await waiting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes a failure on", async () => {
    await expect(atLeast(0, Promise.reject(new Error("offline")))).rejects.toThrow("offline");
  });
});
