// The server bundle's entry: V8 (through ssr-runtime) and the Node benchmark both call
// `__ssrEntry(requestJson)` and get the page as JSON.
import { render } from "./routing/render";
import type { RenderInput } from "./routing/types";

(globalThis as { __ssrEntry?: (input: string) => Promise<string> }).__ssrEntry = async (input) =>
  JSON.stringify(await render(JSON.parse(input) as RenderInput));
