import { useAccountDeletion } from "../account/useAccountDeletion";
import { FormMessage } from "../ui/FormMessage";

export function DangerZone() {
  const { busy, outcome, confirmAndDelete } = useAccountDeletion();
  return (
    <>
      <p className="muted">Deleting your account removes your profile, playlists and follows. This cannot be undone.</p>
      <FormMessage outcome={outcome} />
      <button type="button" className="btn btn-danger" disabled={busy} onClick={confirmAndDelete}>
        {busy ? "Deleting..." : "Delete Account"}
      </button>
    </>
  );
}
