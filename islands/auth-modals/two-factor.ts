import { ApiError } from "../lib/api";

/** The server answers a correct password on a two-factor account with 401 and `twoFactorRequired: true`. */
export function asksForTwoFactorCode(error: unknown): boolean {
  if (!(error instanceof ApiError) || typeof error.data !== "object" || error.data === null) return false;
  return (error.data as { twoFactorRequired?: unknown }).twoFactorRequired === true;
}
