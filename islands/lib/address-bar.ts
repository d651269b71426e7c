import { useEffect } from "react";

/** Spec "Public video URLs": the address bar follows the video on stage, replacing the entry rather than adding one. */
export function useAddressBar(address: string | null): void {
  useEffect(() => {
    if (!address) return;
    const { pathname, search } = window.location;
    if (`${pathname}${search}` !== address) window.history.replaceState(window.history.state, "", address);
  }, [address]);
}
