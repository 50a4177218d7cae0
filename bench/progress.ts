// A progress bar on stderr: redrawn in place on a terminal, one line per 10% otherwise.

export interface Progress {
  tick(n?: number): void;
  done(): void;
}

export function progress(label: string, total: number): Progress {
  const tty = process.stderr.isTTY === true;
  const started = Date.now();
  let count = 0;
  let lastDecile = -1;
  const draw = (final: boolean) => {
    const ratio = total > 0 ? count / total : 1;
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(count / seconds) : 0;
    if (tty) {
      const width = 30;
      const filled = Math.round(ratio * width);
      const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
      process.stderr.write(`\r${label.padEnd(12)} [${bar}] ${count}/${total} ${rate}/s ${seconds.toFixed(1)}s${final ? '\n' : ''}`);
      return;
    }
    const decile = Math.floor(ratio * 10);
    if (decile !== lastDecile || (final && decile !== 10)) {
      lastDecile = decile;
      process.stderr.write(`${label.padEnd(12)} ${count}/${total} (${Math.round(ratio * 100)}%) ${rate}/s ${seconds.toFixed(1)}s\n`);
    }
  };
  let lastDraw = 0;
  return {
    tick(n = 1) {
      count += n;
      const now = Date.now();
      if (!tty || now - lastDraw > 100) { lastDraw = now; draw(false); }
    },
    done() { draw(true); },
  };
}
