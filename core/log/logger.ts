// A small leveled logger; the kernel takes one so tests can capture or silence it.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createConsoleLogger(level: LogLevel = 'info'): Logger {
  const at = ORDER[level];
  const write = (lvl: Exclude<LogLevel, 'silent'>) => (message: string, extra?: Record<string, unknown>) => {
    if (ORDER[lvl] < at) return;
    const line = `[${new Date().toISOString()}] ${lvl.toUpperCase()} ${message}${extra ? ` ${JSON.stringify(extra)}` : ''}`;
    (lvl === 'error' || lvl === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** Keeps every line, for tests that assert on what was logged. */
export function createMemoryLogger(): Logger & { lines: Array<{ level: string; message: string; extra?: Record<string, unknown> }> } {
  const lines: Array<{ level: string; message: string; extra?: Record<string, unknown> }> = [];
  const push = (level: string) => (message: string, extra?: Record<string, unknown>) => { lines.push(extra ? { level, message, extra } : { level, message }); };
  return { lines, debug: push('debug'), info: push('info'), warn: push('warn'), error: push('error') };
}
