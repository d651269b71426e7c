import { useEffect, useState } from "react";

/**
 * The file as a data: URL for an <img> preview. The page's Content-Security-Policy allows data: images
 * but not blob: ones, so URL.createObjectURL is not an option.
 */
export function useDataUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file) return;
    const reader = new FileReader();
    reader.addEventListener("load", () => setUrl(typeof reader.result === "string" ? reader.result : null));
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}
