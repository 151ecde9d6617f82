import { authApi } from "./api";

/** Ends the session on the server, then shows the log-in page whatever the answer. */
export async function logOut() {
  try {
    await authApi.logout();
  } finally {
    window.location.assign("/login");
  }
}
