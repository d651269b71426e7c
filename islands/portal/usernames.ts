import { ApiError, serverMessage } from "../lib/api";

export const DELETE_USERNAME_TITLE = "Delete username and all associated videos";

export function deleteUsernameConfirmation(username: string): string {
  return `Are you sure you want to delete @${username}? This action cannot be undone and will also remove all associated videos.`;
}

export function usernameDeletedMessage(username: string): string {
  return `@${username} has been deleted successfully!`;
}

/** Spec §8: the server's refusal as 'Failed to delete username: {message}', anything else 'Error deleting username'. */
export function deleteUsernameFailure(error: unknown): string {
  if (error instanceof ApiError) return `Failed to delete username: ${serverMessage(error, error.message)}`;
  return "Error deleting username";
}
