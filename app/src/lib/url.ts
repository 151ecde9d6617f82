// The server isolate has no URL or URLSearchParams; these cover what routing needs.

export function splitUrl(url: string): { pathname: string; search: string } {
  const hash = url.indexOf("#");
  const clean = hash === -1 ? url : url.slice(0, hash);
  const mark = clean.indexOf("?");
  return mark === -1
    ? { pathname: clean || "/", search: "" }
    : { pathname: clean.slice(0, mark) || "/", search: clean.slice(mark) };
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
}

export function parseQuery(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const pair of search.replace(/^\?/, "").split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    if (!(key in query)) query[key] = eq === -1 ? "" : decode(pair.slice(eq + 1));
  }
  return query;
}
