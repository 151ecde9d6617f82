import { ApiError } from "./client";

/**
 * Fetches a document and hands it to the browser as a download under the server's file name.
 * Errors arrive as SPEC §8 bodies and are thrown as ApiError; a slow answer is abandoned after
 * `timeoutMs`.
 */
export async function download(path: string, timeoutMs: number): Promise<void> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(path, { credentials: "same-origin", signal: controller.signal });
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
