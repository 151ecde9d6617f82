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
