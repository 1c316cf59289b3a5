import { type DownloadProgress } from '../config';

const BAR_WIDTH = 24;
const MEGABYTE = 1024 * 1024;

interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

function megabytes(bytes: number): string {
  return (bytes / MEGABYTE).toFixed(1);
}

export function formatProgressLine(progress: DownloadProgress): string {
  const percent = Math.max(0, Math.min(100, progress.done ? 100 : progress.percent));
  const filled = Math.round((percent / 100) * BAR_WIDTH);
  const bar = '#'.repeat(filled) + '-'.repeat(BAR_WIDTH - filled);
  const size =
    progress.totalBytes > 0
      ? `${megabytes(progress.loadedBytes)}/${megabytes(progress.totalBytes)} MB`
      : `${megabytes(progress.loadedBytes)} MB`;
  return `Downloading ${progress.model} ${progress.file} [${bar}] ${percent.toFixed(0).padStart(3)}% ${size}`;
}

/**
 * A text progress bar for model downloads. On a terminal one line per file is redrawn in place;
 * elsewhere (logs) a line is written every 10% so the log stays short.
 */
export function createProgressBar(
  stream: ProgressStream = process.stderr,
): (progress: DownloadProgress) => void {
  const lastShown = new Map<string, number>();
  return (progress) => {
    const step = stream.isTTY ? 1 : 10;
    const shown = progress.done ? 100 : Math.floor(progress.percent / step) * step;
    const key = `${progress.model}/${progress.file}`;
    if (lastShown.get(key) === shown) return;
    lastShown.set(key, shown);
    const line = formatProgressLine(progress);
    if (stream.isTTY) stream.write(`\r\x1b[2K${line}${progress.done ? '\n' : ''}`);
    else stream.write(`${line}\n`);
  };
}
