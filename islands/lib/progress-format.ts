// Apart from format.ts: only the upload and the portal need these, so the feed pages do not load them.
const BYTE_UNITS = ["KB", "MB", "GB", "TB"] as const;

/** '512 B', '1.5 KB', '12.3 MB' in powers of 1024, as the 100MB upload limit counts them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.trunc(Number.isFinite(bytes) ? bytes : 0))} B`;
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < BYTE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${Number(size.toFixed(1))} ${BYTE_UNITS[unit]}`;
}

/** Whole percent of done over total, 0 to 100; it reaches 100 only when everything is done. */
export function progressPercent(done: number, total: number): number {
  if (!(total > 0) || !Number.isFinite(done)) return 0;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
}

/** 'pending' → 'Pending'. */
export function capitalise(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}
