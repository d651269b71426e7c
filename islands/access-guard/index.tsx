import { useEffect, useState } from "react";
import { ApiError, api } from "../lib/api";
import type { Answer, User } from "../lib/api-types";
import { currentPathAndSearch, replaceWith } from "../lib/navigation";
import { clearCachedUser, rememberAuthRedirect, setCachedUser } from "../lib/storage";
import { hasRole, revealTarget, type RequiredRole } from "./access";
import { t } from "../lib/i18n";

export interface AccessGuardProps {
  role: RequiredRole;
  target: string;
}

type GuardState = "checking" | "granted" | "failed";

function sendAway(user: User | null): void {
  if (user) {
    // A signed-in account without the role cannot fix that by signing in again.
    replaceWith("/");
    return;
  }
  rememberAuthRedirect(currentPathAndSearch());
  replaceWith("/?login=1");
}

/** Shows protected content only to users with the role; everyone else goes home and is asked to sign in. */
export default function AccessGuard({ role, target }: AccessGuardProps) {
  const [state, setState] = useState<GuardState>("checking");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState("checking");
    api
      .get<Pick<Answer<"UserEnvelope">, "user">>("/api/auth/me", { signal: controller.signal })
      .catch((error: unknown) => {
        // A not-authenticated answer means an anonymous visitor, not a failed check.
        if (error instanceof ApiError && error.status === 401) return { user: null };
        throw error;
      })
      .then((result) => {
        const { user } = result;
        if (user) setCachedUser(user);
        else clearCachedUser();
        if (hasRole(user, role)) {
          revealTarget(target);
          setState("granted");
        } else {
          sendAway(user);
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Access check failed", error);
        setState("failed");
      });
    return () => controller.abort();
  }, [role, target, attempt]);

  if (state === "granted") return null;
  if (state === "failed") {
    return (
      <div className="alert alert-error access-guard-error" role="alert">
        <span>{t("Could not check access.")}</span>
        <button type="button" className="btn btn-ghost" onClick={() => setAttempt((count) => count + 1)}>
          {t("Try again")}
        </button>
      </div>
    );
  }
  return (
    <div className="loading-state" role="status">
      <div className="spinner" aria-hidden="true" />
      <span>{t("Checking access...")}</span>
    </div>
  );
}
