// A server in its own process: spawned with node, ready when it logs "serving ... on http://...",
// watched for crashes, measured through /proc (RSS of the process and any cluster workers).

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ServerProcess {
  name: string;
  pid: number;
  url: string;
  /** ms from spawn to the "serving" line. */
  readyMs: number;
  spawnedAt: number;
  /** Set when the process ended on its own (a crash, for a server). */
  exit(): ProcessExit | undefined;
  /** The last lines of its output, for diagnosis. */
  tail(): string;
  /** SIGTERM, then how it ended: a clean stop is code 0 (a native crash at exit is not). */
  stop(): Promise<ProcessExit>;
}

export interface ProcessExit { code: number | null; signal: string | null }

/** Stops a server and says what went wrong, for the run's errors: "" for a clean stop (exit
 *  code 0; a native crash at exit is not one) or for a server that had already ended (a crash the
 *  run reported when it happened). */
export async function stopChecked(server: ServerProcess): Promise<string> {
  const running = !server.exit();
  const exit = await server.stop();
  return !running || exit.code === 0 ? ''
    : `${server.name} did not stop cleanly on SIGTERM (code ${exit.code}, signal ${exit.signal}):\n${server.tail()}`;
}

const SERVING = /serving .* on (http:\/\/[^\s/]+)/;
const live = new Set<ChildProcess>();

// Never leave a server behind, whatever happens to the runner.
process.on('exit', () => { for (const child of live) child.kill('SIGKILL'); });
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

export async function startServer(name: string, args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  const lines: string[] = [];
  let exited: ProcessExit | undefined;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(line);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const ended = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
    exited = { code, signal };
    live.delete(child);
    resolve();
  }));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: not serving after ${timeoutMs} ms\n${lines.slice(-20).join('\n')}`)), timeoutMs);
    let seen = '';
    const check = (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      const match = SERVING.exec(seen);
      if (match) { clearTimeout(timer); child.stdout!.off('data', check); resolve(match[1]!); }
    };
    child.stdout!.on('data', check);
    void ended.then(() => { clearTimeout(timer); reject(new Error(`${name}: exited (${exited?.code ?? exited?.signal}) before serving\n${lines.slice(-20).join('\n')}`)); });
  });
  const readyMs = performance.now() - spawnedAt;

  return {
    name, pid: child.pid!, url, readyMs, spawnedAt,
    exit: () => exited,
    tail: () => lines.slice(-30).join('\n'),
    stop: stopper(child, ended, () => exited),
  };
}

/** The process and its descendants (cluster workers), from /proc/<pid>/task/<tid>/children. */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      const children = readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    } catch { /* gone */ }
  }
  return out;
}

function statusKb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory in MB, summed over the process tree. */
export function rssMb(pid: number, key: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  return Math.round(processTree(pid).reduce((sum, p) => sum + statusKb(p, key), 0) / 102.4) / 10;
}

/** CPU time (user + system, in clock ticks) used so far by the process tree; 0 off Linux. */
export function cpuTicks(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      // fields after the command's closing parenthesis: utime and stime are the 12th and 13th
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* gone */ }
  }
  return ticks;
}

/** Resolves once none of the processes used more than one clock tick of CPU in 100 ms, or after
 *  `maxMs`: requests a load generator gave up on at the end of a slice still run on the server. */
export async function untilIdle(pids: number[], maxMs = 5000): Promise<void> {
  const deadline = performance.now() + maxMs;
  let before = pids.map(cpuTicks);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = pids.map(cpuTicks);
    if (now.every((t, i) => t - before[i]! <= 1)) return;
    before = now;
  }
}

/** Samples RSS every `everyMs` until stopped; returns the highest value seen. */
export function sampleRss(pid: number, everyMs = 100): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, everyMs);
  return { stop: () => { clearInterval(timer); return Math.max(peak, rssMb(pid)); } };
}

/** SIGTERM, SIGKILL after 10 s if it is still there, then how it ended. */
export function stopper(child: ChildProcess, ended: Promise<void>, exited: () => ProcessExit | undefined): () => Promise<ProcessExit> {
  return async () => {
    if (!exited()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await ended;
      clearTimeout(timer);
    }
    return exited()!;
  };
}
