import { DeleteAccountDialog } from "../account/DeleteAccountDialog";
import { useAccountDeletion } from "../account/useAccountDeletion";

export function DangerZone() {
  const deletion = useAccountDeletion();
  return (
    <>
      <p className="muted">Deleting your account removes your profile, playlists and follows. This cannot be undone.</p>
      <button type="button" className="btn btn-danger" onClick={deletion.ask}>
        Delete Account
      </button>
      {deletion.asking ? <DeleteAccountDialog deletion={deletion} /> : null}
    </>
  );
}
