import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Steps } from "./Steps";
import { AmountInput } from "./AmountInput";
import { NoticeDialog } from "./NoticeDialog";
import { TextField } from "./fields";

describe("TextField", () => {
  it("labels its input and ties the error to it for screen readers", () => {
    const html = renderToString(<TextField label="Email" name="email" error="Field is required" />);
    const id = /<label for="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`id="${id}"`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`aria-describedby="${id}-error"`);
    expect(html).toContain('role="alert">Field is required</p>');
  });

  it("is valid and quiet without an error", () => {
    const html = renderToString(<TextField label="Email" name="email" />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain('role="alert"');
  });
});

describe("Steps", () => {
  it("marks the current step for assistive technology and the ones before as done", () => {
    const html = renderToString(<Steps steps={["One", "Two", "Three"]} current={1} />);
    expect(html).toContain('<li class="step step-done">1. One</li>');
    expect(html).toContain('<li class="step step-current" aria-current="step">2. Two</li>');
    expect(html).toContain('<li class="step">3. Three</li>');
  });

  it("numbers each step in its text, so a phone that shows only the current one says which it is", () => {
    const html = renderToString(<Steps steps={["One", "Two", "Three"]} current={2} />);
    expect(html).toContain('aria-current="step">3. Three</li>');
  });
});

import { CodeInput } from "./CodeInput";

describe("CodeInput", () => {
  it("renders on the server as one numeric field that posts the code and keeps what was typed", () => {
    const html = renderToString(
      <CodeInput label="SMS code" name="secret" value="12" onChange={() => {}} onComplete={() => {}} />,
    );
    expect(html.match(/<input/g)).toHaveLength(1);
    expect(html.match(/name="secret"/g)).toHaveLength(1);
    expect(html).toContain('inputMode="numeric"');
    expect(html).toContain('autoComplete="one-time-code"');
    expect(html).toContain('maxLength="6"');
    expect(html).toContain('value="12"');
    expect(html).toMatch(/<label for="secret-single">SMS code<\/label>/);
  });
});

describe("AmountInput", () => {
  it("shows the decimal string with thousands separators and its currency", () => {
    const html = renderToString(
      <AmountInput
        label="Amount"
        name="amount"
        value="1234567.8"
        currency="GBP"
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('value="1,234,567.8"');
    expect(html).toContain('inputMode="decimal"');
    expect(html).toContain(">GBP</span>");
  });
});

describe("NoticeDialog", () => {
  it("shows the server's title and message with an Ok button (SPEC §8 limit_exceeded)", () => {
    const html = renderToString(
      <NoticeDialog
        title="Limit exceeded"
        message="A single transfer can be at most £500.00."
        onClose={() => {}}
      />,
    );
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain("Limit exceeded");
    expect(html).toContain("A single transfer can be at most £500.00.");
    expect(html).toContain(">Ok</button>");
  });
});
