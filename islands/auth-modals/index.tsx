import { useCallback, useEffect, useState } from "react";
import { getAppContext } from "../lib/context";
import { onAppEvent, takePendingAuthRequest, type AuthMode } from "../lib/events";
import { AuthDialog } from "./AuthDialog";
import { takeUrlAuthRequest } from "./url-request";

export interface AuthModalsProps {
  brand: string;
  /** Opens the dialog on load: the /login and /register pages pass their mode. */
  initialMode?: AuthMode | null;
}

/** The page's single login/register dialog, opened by `app:open-auth` or by `?login=1` in the URL. */
export default function AuthModals({ brand, initialMode = null }: AuthModalsProps) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const close = useCallback(() => setMode(null), []);

  useEffect(() => {
    const requested = takeUrlAuthRequest(getAppContext().user !== null) ?? takePendingAuthRequest() ?? initialMode;
    if (requested) setMode(requested);
    return onAppEvent("app:open-auth", (detail, event) => {
      event.preventDefault();
      setMode(detail.mode);
    });
  }, [initialMode]);

  if (!mode) return null;
  return <AuthDialog brand={brand || getAppContext().brand} mode={mode} onModeChange={setMode} onClose={close} />;
}
