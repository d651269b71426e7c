/** The server's message when registering only started an account (a link to finish it was mailed), else null. */
export function pendingRegistrationMessage(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const { pending, message } = answer as { pending?: unknown; message?: unknown };
  return pending === true && typeof message === "string" && message.trim() !== "" ? message : null;
}
