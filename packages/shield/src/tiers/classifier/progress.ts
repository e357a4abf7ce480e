export interface DownloadProgress {
  readonly file: string;
  /** 1-based position of `file` among the files being pulled. */
  readonly fileIndex: number;
  readonly fileCount: number;
  readonly receivedBytes: number;
  /** From Content-Length; null when the server does not say. */
  readonly totalBytes: number | null;
}

const UNITS = [
  { name: 'GB', size: 1e9 },
  { name: 'MB', size: 1e6 },
  { name: 'kB', size: 1e3 },
] as const;

function unitFor(bytes: number): { name: string; size: number } {
  return UNITS.find((unit) => bytes >= unit.size) ?? { name: 'B', size: 1 };
}

function amount(bytes: number, unit: { size: number }): string {
  return unit.size === 1 ? String(bytes) : (bytes / unit.size).toFixed(bytes / unit.size >= 100 ? 0 : 1);
}

/**
 * One line for a terminal, e.g. `[########------------]  42% 310/739 MB model.onnx (1/2)`.
 * Without a known total: `[ ? ] 310 MB model.onnx (1/2)`.
 */
export function renderProgressBar(progress: DownloadProgress, width = 20): string {
  const label = `${progress.file} (${progress.fileIndex}/${progress.fileCount})`;
  const total = progress.totalBytes;
  if (total === null || total <= 0) {
    const unit = unitFor(progress.receivedBytes);
    return `[ ? ] ${amount(progress.receivedBytes, unit)} ${unit.name} ${label}`;
  }
  const fraction = Math.min(1, Math.max(0, progress.receivedBytes / total));
  const filled = Math.floor(fraction * width);
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  const unit = unitFor(total);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent} ${amount(progress.receivedBytes, unit)}/${amount(total, unit)} ${unit.name} ${label}`;
}
