/** The JSON log lines a test server wrote (site/server/log.ts), parsed; other output is skipped. */
export interface LogLine {
  level: number;
  /** Milliseconds since 1970 (pino's own time). */
  time: number;
  msg?: string;
  requestId?: string;
  [field: string]: unknown;
}

export function logLines(output: string): LogLine[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

/** Waits until a line matching `match` is written (pino writes asynchronously, just after the response). */
export async function waitForLogLine(
  output: () => string,
  match: (line: LogLine) => boolean,
  timeoutMs = 5000,
): Promise<LogLine> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = logLines(output()).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such log line was written');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
