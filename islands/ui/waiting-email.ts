import type { User } from "../lib/api-types";
import { t } from "../lib/i18n";
import type { FieldStatus } from "./FormField";

/** The line under an account's e-mail while a new address waits for the link mailed to it. */
export function waitingEmailStatus(user: User): FieldStatus | undefined {
  if (!user.pendingEmail) return undefined;
  return { tone: "muted", text: t("{email} is used once you open the link we sent to it.", { email: user.pendingEmail }) };
}
