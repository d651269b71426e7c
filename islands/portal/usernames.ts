import { ApiError, serverMessage } from "../lib/api";
import { t } from "../lib/i18n";

export function deleteUsernameTitle(): string {
  return t("Delete username and all associated videos");
}

export function deleteUsernameConfirmation(username: string): string {
  return t(
    "Are you sure you want to delete @{username}? This action cannot be undone and will also remove all associated videos.",
    { username },
  );
}

export function usernameDeletedMessage(username: string): string {
  return t("@{username} has been deleted successfully!", { username });
}

/** Spec §8: the server's refusal as 'Failed to delete username: {message}', anything else 'Error deleting username'. */
export function deleteUsernameFailure(error: unknown): string {
  if (error instanceof ApiError) return t("Failed to delete username: {message}", { message: serverMessage(error, error.message) });
  return t("Error deleting username");
}
