import { ApiError, refreshSession } from "./client";

/**
 * Fetches a document and hands it to the browser as a download under the server's file name.
 * Errors arrive as SPEC §8 bodies and are thrown as ApiError; a slow answer is abandoned after
 * `timeoutMs`. A 401 follows SPEC §8's rule like every API call: one refresh, one retry, else
 * back to log in.
 */
export async function download(path: string, timeoutMs: number): Promise<void> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), timeoutMs);
  try {
    const get = () => fetch(path, { credentials: "same-origin", signal: controller.signal });
    let response = await get();
    if (response.status === 401 && (await refreshSession())) response = await get();
    if (response.status === 401) window.location.assign("/login");
    if (!response.ok) {
      let body = {};
      try {
        body = await response.json();
      } catch {
        // not a JSON error body
      }
      throw new ApiError(response.status, body);
    }
    const blob = await response.blob();
    const disposition = response.headers.get("content-disposition") ?? "";
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "document";
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } finally {
    window.clearTimeout(timer);
  }
}
