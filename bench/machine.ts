// The machine a run measured: CPU model, cores, memory, node, kernel, load.

import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg, release, totalmem } from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  /** 1-minute load average when the run started and ended: other work on the machine skews results. */
  loadAverage: { start: number; end?: number };
}

export function describeMachine(): Machine {
  let cpuModel = 'unknown';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpuModel;
  } catch { /* not Linux */ }
  return {
    cpuModel, cores: availableParallelism(), memoryGb: Math.round(totalmem() / 2 ** 30 * 10) / 10,
    node: process.version, os: `${process.platform} ${release()}`, loadAverage: { start: round(loadavg()[0]!) },
  };
}

export const currentLoad = (): number => round(loadavg()[0]!);
const round = (n: number) => Math.round(n * 100) / 100;
