import { useCallback, useEffect, useState } from "react";
import { getAppContext } from "../lib/context";
import { onAppEvent, takePendingAuthRequest, type AuthMode } from "../lib/events";
import { AuthDialog } from "./AuthDialog";
import { takeUrlAuthRequest } from "./url-request";

export interface AuthModalsProps {
  brand: string;
}

/** The page's single login/register dialog, opened by `app:open-auth` or by `?login=1` in the URL. */
export default function AuthModals({ brand }: AuthModalsProps) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const close = useCallback(() => setMode(null), []);

  useEffect(() => {
    const initialMode = takeUrlAuthRequest(getAppContext().user !== null) ?? takePendingAuthRequest();
    if (initialMode) setMode(initialMode);
    return onAppEvent("app:open-auth", (detail, event) => {
      event.preventDefault();
      setMode(detail.mode);
    });
  }, []);

  if (!mode) return null;
  return <AuthDialog brand={brand || getAppContext().brand} mode={mode} onModeChange={setMode} onClose={close} />;
}
