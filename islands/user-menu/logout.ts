import { api } from "../lib/api";
import { emitAppEvent } from "../lib/events";
import { goTo } from "../lib/navigation";
import { clearAuthStorage } from "../lib/storage";

/** Signs out on the server; a failed call is only logged, and the browser leaves for the home page either way. */
export async function logout(): Promise<void> {
  try {
    await api.post("/api/auth/logout", undefined, { auth: "bearer" });
  } catch (error) {
    console.error("Logout failed", error);
  }
  clearAuthStorage();
  emitAppEvent("app:auth-changed", { user: null });
  goTo("/");
}
