import { translateServerText } from "../lib/api";
import type { Answer } from "../lib/api-types";

/** The server's message when registering only started an account (a link to finish it was mailed), in the page's
 * language; else null. */
export function pendingRegistrationMessage({ pending, message }: Answer<"PendingRegistrationOut">): string | null {
  return pending && message.trim() !== "" ? translateServerText(message) : null;
}
