// The minimum web platform that React's server renderer and the app need inside a bare
// deno_core isolate. Everything here is evaluated once, into the startup snapshot.
"use strict";
((globalThis) => {
  const core = globalThis.Deno.core;
  const ops = core.ops;

  // Timers created during a render are tracked so that none can outlive it and fire
  // inside another customer's render.
  const liveTimers = new Set();
  globalThis.setTimeout = (callback, delay, ...args) => {
    const id = core.createTimer(() => {
      liveTimers.delete(id);
      callback(...args);
    }, delay, undefined, false, true);
    liveTimers.add(id);
    return id;
  };
  globalThis.clearTimeout = (id) => {
    if (id === undefined || id === null) return;
    liveTimers.delete(id);
    core.cancelTimer(id);
  };
  globalThis.setInterval = (callback, delay, ...args) => {
    const id = core.createTimer(() => callback(...args), delay, undefined, true, true);
    liveTimers.add(id);
    return id;
  };
  globalThis.clearInterval = globalThis.clearTimeout;

  // React DOM's server build schedules work through MessageChannel; a message becomes a
  // tracked timer task, so it cannot outlive the render either.
  class MessagePort {
    constructor() {
      this.onmessage = null;
      this.other = null;
    }
    postMessage(data) {
      const target = this.other;
      globalThis.setTimeout(() => target.onmessage?.({ data }), 0);
    }
    close() {}
  }
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      this.port1 = new MessagePort();
      this.port2 = new MessagePort();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  };

  class TextEncoder {
    get encoding() {
      return "utf-8";
    }
    encode(input = "") {
      return core.encode(String(input));
    }
  }
  class TextDecoder {
    get encoding() {
      return "utf-8";
    }
    decode(input) {
      if (input === undefined) return "";
      const bytes = input instanceof Uint8Array ? input : new Uint8Array(input.buffer ?? input);
      return core.decode(bytes);
    }
  }
  // URL parsed in Rust; enough for the libraries that build URLs while rendering.
  class URL {
    constructor(href, base) {
      Object.assign(this, ops.op_url_parse(String(href), base === undefined ? "" : String(base)));
    }
    toString() {
      return this.href;
    }
    toJSON() {
      return this.href;
    }
    static canParse(href, base) {
      try {
        new URL(href, base);
        return true;
      } catch {
        return false;
      }
    }
  }
  globalThis.URL = URL;

  // Enough of AbortController for libraries that pass a signal to their fetch functions.
  class AbortSignal {
    constructor() {
      this.aborted = false;
      this.reason = undefined;
      this.onabort = null;
      this.listeners = [];
    }
    addEventListener(type, listener) {
      if (type === "abort") this.listeners.push(listener);
    }
    removeEventListener(type, listener) {
      if (type === "abort") this.listeners = this.listeners.filter((l) => l !== listener);
    }
    throwIfAborted() {
      if (this.aborted) throw this.reason;
    }
  }
  class AbortController {
    constructor() {
      this.signal = new AbortSignal();
    }
    abort(reason = new Error("The operation was aborted.")) {
      const signal = this.signal;
      if (signal.aborted) return;
      signal.aborted = true;
      signal.reason = reason;
      const event = { type: "abort", target: signal };
      signal.onabort?.(event);
      for (const listener of signal.listeners) listener(event);
    }
  }
  globalThis.AbortController = AbortController;
  globalThis.AbortSignal = AbortSignal;

  const text = (args) =>
    args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === "string" ? a : core.consoleStringify(a))).join(" ");
  globalThis.console = {
    debug: (...args) => ops.op_ssr_log(0, text(args)),
    log: (...args) => ops.op_ssr_log(1, text(args)),
    info: (...args) => ops.op_ssr_log(1, text(args)),
    warn: (...args) => ops.op_ssr_log(2, text(args)),
    error: (...args) => ops.op_ssr_log(3, text(args)),
  };
  globalThis.TextEncoder = TextEncoder;
  globalThis.TextDecoder = TextDecoder;
  globalThis.self = globalThis;

  // The host transport: a JSON request in, a JSON response out, answered by the embedder.
  globalThis.__hostFetch = (request) => ops.op_host_fetch(request);

  // Called by Rust for every render: takes the request from the op state, awaits the
  // bundle's entry and hands the result back. Timers left behind are cancelled.
  globalThis.__ssrRun = async () => {
    const input = ops.op_ssr_take_input();
    try {
      const entry = globalThis.__ssrEntry;
      if (typeof entry !== "function") throw new Error("the server bundle did not define __ssrEntry");
      const output = await entry(input);
      ops.op_ssr_put_output(String(output));
    } finally {
      for (const id of liveTimers) core.cancelTimer(id);
      liveTimers.clear();
    }
  };
})(globalThis);
