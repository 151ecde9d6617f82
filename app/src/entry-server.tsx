// The server bundle's entry: V8 (through ssr-runtime) and the Node benchmark both call
// `__ssrEntry(requestJson)` and get the page as a line of JSON, then a newline, then the page's
// HTML as it is: tens of kilobytes of markup escaped into the JSON would be escaped here and
// unescaped by the host for nothing (JSON.stringify never writes a raw newline, so the first one
// ends the JSON).
import { render } from "./routing/render";
import type { RenderInput } from "./routing/types";

(globalThis as { __ssrEntry?: (input: string) => Promise<string> }).__ssrEntry = async (input) => {
  const { html, ...rest } = await render(JSON.parse(input) as RenderInput);
  return `${JSON.stringify(rest)}\n${html}`;
};
