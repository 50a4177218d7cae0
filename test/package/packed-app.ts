// What the package tests share: npm run as a user would (no variable of the `npm test` around
// them, no path into this repository), the two tarballs `npm pack` makes, and `npm run develop`
// in an app folder, followed through its restarts.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/kernel.js';
import { buildOnce, SERVING_URL } from '../helpers/server-process.js';

/** The environment of a user's shell: npm's own variables (npm test sets the prefix to this
 *  repository, among others), the suite's database settings and this repository's bins removed. */
export function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^npm_/i.test(key) || key.startsWith('DATABASE_')) continue;
    if (['APP_DIR', 'INIT_CWD', 'NODE_OPTIONS', 'NODE_ENV', 'PORT'].includes(key)) continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '').split(':').filter((p) => p && !p.startsWith(ROOT)).join(':');
  return { ...env, ...extra };
}

export interface Run { status: number | null; stdout: string; stderr: string }

/** A shell command line in cwd, as a user types it. */
export function sh(line: string, cwd: string, env: Record<string, string> = {}): Run {
  const r = spawnSync('bash', ['-c', line], { cwd, env: userEnv(env), encoding: 'utf8', timeout: 300_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function mustRun(line: string, cwd: string, env: Record<string, string> = {}): Run {
  const r = sh(line, cwd, env);
  if (r.status !== 0) throw new Error(`\`${line}\` in ${cwd} exited with ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r;
}

export interface Tarballs { framework: string; create: string }

/** npm pack of the framework (dist/ built first, as prepack would) and of create-strata-cms. */
export function packTarballs(into: string): Tarballs {
  buildOnce();
  mkdirSync(into, { recursive: true });
  // --ignore-scripts: prepack's clean build would delete dist/ under the other suites' servers
  mustRun(`npm pack --ignore-scripts --silent --pack-destination ${into}`, ROOT);
  mustRun(`npm pack --silent --pack-destination ${into}`, join(ROOT, 'packages', 'create-strata-cms'));
  const find = (prefix: string) => {
    const name = readdirSync(into).find((f) => f.startsWith(prefix) && f.endsWith('.tgz'));
    if (!name) throw new Error(`npm pack made no ${prefix}*.tgz in ${into}`);
    return join(into, name);
  };
  return { framework: find('strata-cms-'), create: find('create-strata-cms-') };
}

/** `npm run develop` in an app folder: the URL of its latest start, and how many starts so far. */
export class Develop {
  readonly child: ChildProcess;
  #output = '';
  #waiters: Array<() => void> = [];

  constructor(appDir: string) {
    // Its own process group: npm, the watcher and the server stop together
    this.child = spawn('npm', ['run', 'develop'], { cwd: appDir, env: userEnv({ PORT: '0' }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const onData = (chunk: Buffer) => {
      this.#output += chunk.toString();
      for (const wake of this.#waiters.splice(0)) wake();
    };
    this.child.stdout!.on('data', onData);
    this.child.stderr!.on('data', onData);
    this.child.on('exit', () => { for (const wake of this.#waiters.splice(0)) wake(); });
  }

  output(): string { return this.#output; }

  starts(): number { return [...this.#output.matchAll(/ serving \d+ content types on /g)].length; }

  get url(): string {
    const all = [...this.#output.matchAll(new RegExp(SERVING_URL.source, 'g'))];
    const last = all.at(-1)?.[1];
    if (!last) throw new Error(`develop has not started yet:\n${this.#output}`);
    return last;
  }

  /** Resolves once output matches `test`; rejects after `ms` or when develop exits. */
  async waitFor(test: (output: string) => boolean, what: string, ms = 90_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test(this.#output)) {
      if (this.exited()) throw new Error(`develop exited (${this.child.exitCode ?? this.child.signalCode}) before ${what}:\n${this.#output}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${ms} ms:\n${this.#output}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.#waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
  }

  /** Waits for start number `n` (counting from 1). */
  waitForStart(n: number): Promise<void> {
    return this.waitFor(() => this.starts() >= n, `start number ${n}`);
  }

  exited(): boolean { return this.child.exitCode !== null || this.child.signalCode !== null; }

  /** SIGTERM to the whole group, as a terminal's Ctrl-C reaches every process of a command. */
  async stop(): Promise<void> {
    if (this.exited()) return;
    const exited = new Promise<void>((resolve) => this.child.on('exit', () => resolve()));
    process.kill(-this.child.pid!, 'SIGTERM');
    await exited;
  }
}
