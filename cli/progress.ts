/**
 * A progress bar on stderr for long operations, drawn only when stderr is a terminal: in a pipe or a log it
 * would be noise, and the command's final summary says what happened.
 */
export interface Progress {
  update: (done: number, total: number, label?: string) => void;
  /** Clears the bar (the summary that follows replaces it). */
  finish: () => void;
}

const WIDTH = 30;
const FRAME_MS = 100;

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update: () => {}, finish: () => {} };
  let last = 0;
  let drawn = false;
  let current = label;
  return {
    update: (done, total, next) => {
      if (next) current = next;
      const now = Date.now();
      if (now - last < FRAME_MS && done < total) return;
      last = now;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(share * WIDTH);
      stream.write(
        `\r${current} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ${formatCount(done)}/${formatCount(total)}\x1b[K`,
      );
      drawn = true;
    },
    finish: () => {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
