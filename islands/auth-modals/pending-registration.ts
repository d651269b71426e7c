import type { Answer } from "../lib/api-types";

/** The server's message when registering only started an account (a link to finish it was mailed), else null. */
export function pendingRegistrationMessage({ pending, message }: Answer<"PendingRegistrationOut">): string | null {
  return pending && message.trim() !== "" ? message : null;
}
