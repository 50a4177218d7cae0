// A progress bar for the import: redrawn in place on a terminal, one line per file otherwise (a
// log, CI), so piped output stays readable.

import type { WriteStream } from 'node:tty';

type Output = Pick<NodeJS.WriteStream, 'write'> & Partial<Pick<WriteStream, 'isTTY' | 'columns'>>;

export class ProgressBar {
  readonly #out: Output;
  readonly #files: number;
  readonly #bytes: number;
  #doneFiles = 0;
  #doneBytes = 0;

  constructor(out: Output, files: number, bytes: number) {
    this.#out = out;
    this.#files = files;
    this.#bytes = bytes;
  }

  start(name: string): void {
    if (this.#out.isTTY) this.#draw(name);
  }

  done(bytes: number, line: string): void {
    this.#doneFiles += 1;
    this.#doneBytes += bytes;
    if (this.#out.isTTY) this.#out.write('\r\x1b[2K');
    this.#out.write(`${line}\n`);
    if (this.#out.isTTY && this.#doneFiles < this.#files) this.#draw('');
  }

  finish(line: string): void {
    if (this.#out.isTTY) this.#out.write('\r\x1b[2K');
    this.#out.write(`${line}\n`);
  }

  #draw(name: string): void {
    const share = this.#bytes ? this.#doneBytes / this.#bytes : this.#doneFiles / Math.max(this.#files, 1);
    const width = 30;
    const filled = Math.round(share * width);
    const text = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(share * 100)}% ${this.#doneFiles}/${this.#files} files, ${mb(this.#doneBytes)}/${mb(this.#bytes)} ${name}`;
    this.#out.write(`\r\x1b[2K${text.slice(0, (this.#out.columns ?? 120) - 1)}`);
  }
}

function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
