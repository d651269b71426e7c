import { DeleteAccountDialog } from "../ui/DeleteAccountDialog";
import { useAccountDeletion } from "../ui/useAccountDeletion";
import { t } from "../lib/i18n";

export function DangerZone() {
  const deletion = useAccountDeletion();
  return (
    <>
      <p className="muted">{t("Deleting your account removes your profile, playlists and follows. This cannot be undone.")}</p>
      <button type="button" className="btn btn-danger" onClick={deletion.ask}>
        {t("Delete Account")}
      </button>
      {deletion.asking ? <DeleteAccountDialog deletion={deletion} /> : null}
    </>
  );
}
