// A fuzzing campaign against a running app: requests of every class in turn, each generated from
// (seed, class, index) alone, so any one of them can be generated again and replayed; every answer
// is checked, every failure is kept, and the app must still answer at the end.

import fc from 'fast-check';
import { CLASSES, COLLECTION_PATHS, requestsOf, type FuzzContext, type RequestClass, type WireRequest } from './requests.js';
import { createAgent, send } from './send.js';
import { problemsOf } from './verdict.js';

export interface CampaignOptions {
  url: string;
  seed: number;
  classes?: readonly RequestClass[];
  /** Requests per class; or run until `seconds` have passed. */
  perClass?: number;
  seconds?: number;
  concurrency?: number;
  context: FuzzContext;
  /** Called for each failure as it is found. */
  onFailure?: (failure: Failure) => void;
}

export interface Failure {
  seed: number;
  cls: RequestClass;
  index: number;
  request: WireRequest;
  status?: number;
  problems: string[];
  excerpt: string;
}

export interface CampaignResult {
  failures: Failure[];
  /** Answers per class and status. */
  statuses: Map<RequestClass, Map<number, number>>;
  requests: number;
  /** Whether the app answered a plain read after the campaign. */
  aliveAfter: boolean;
}

/** The seed of one request: the campaign seed, the class and the index mixed (FNV-1a). */
function requestSeed(seed: number, cls: RequestClass, index: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${cls}:${index}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

/** The request a (seed, class, index) triple stands for. */
export function generate(seed: number, cls: RequestClass, index: number, context: FuzzContext, cache = new Map<RequestClass, fc.Arbitrary<WireRequest>>()): WireRequest {
  let arb = cache.get(cls);
  if (!arb) { arb = requestsOf(cls, context); cache.set(cls, arb); }
  return fc.sample(arb, { seed: requestSeed(seed, cls, index), numRuns: 1 })[0]!;
}

export async function runCampaign(opts: CampaignOptions): Promise<CampaignResult> {
  const base = new URL(opts.url);
  const classes = opts.classes ?? CLASSES;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const agent = createAgent(concurrency);
  const deadline = opts.seconds ? Date.now() + opts.seconds * 1000 : Infinity;
  const limit = opts.perClass ?? (opts.seconds ? Infinity : 100);
  const cache = new Map<RequestClass, fc.Arbitrary<WireRequest>>();
  const result: CampaignResult = { failures: [], statuses: new Map(), requests: 0, aliveAfter: false };

  let next = 0;
  const total = limit * classes.length;
  const worker = async () => {
    while (next < total && Date.now() < deadline) {
      const n = next++;
      const cls = classes[n % classes.length]!;
      const index = Math.floor(n / classes.length);
      const request = generate(opts.seed, cls, index, opts.context, cache);
      let problems: string[];
      let status: number | undefined;
      let excerpt = '';
      try {
        const answer = await send(base, request, agent);
        status = answer.status;
        excerpt = answer.text.slice(0, 400);
        problems = problemsOf(request, answer);
      } catch (err) {
        problems = [`no answer: ${(err as Error).message}`];
      }
      result.requests++;
      const byStatus = result.statuses.get(cls) ?? new Map<number, number>();
      byStatus.set(status ?? 0, (byStatus.get(status ?? 0) ?? 0) + 1);
      result.statuses.set(cls, byStatus);
      if (problems.length) {
        const failure: Failure = { seed: opts.seed, cls, index, request, ...(status !== undefined ? { status } : {}), problems, excerpt };
        result.failures.push(failure);
        opts.onFailure?.(failure);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
    const probe = await send(base, { class: 'read', method: 'GET', path: '/api/articles', headers: {} }, agent).catch(() => undefined);
    result.aliveAfter = probe !== undefined && probe.status < 500;
  } finally {
    agent.destroy();
  }
  return result;
}

/** The documentIds the app holds now (first page of each collection), for updates and relations. */
export async function discoverContext(url: string, token?: string): Promise<FuzzContext> {
  const base = new URL(url);
  const agent = createAgent(1);
  const known: FuzzContext['known'] = {};
  try {
    for (const [uid, path] of COLLECTION_PATHS) {
      const answer = await send(base, {
        class: 'read', method: 'GET', path: `${path}?fields[0]=documentId&pagination[pageSize]=50`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }, agent).catch(() => undefined);
      if (answer?.status !== 200) continue;
      const body = JSON.parse(answer.text) as { data?: Array<{ documentId?: string }> };
      known[uid] = (body.data ?? []).map((d) => d.documentId).filter((id): id is string => typeof id === 'string');
    }
  } finally {
    agent.destroy();
  }
  return { known, ...(token ? { token } : {}) };
}

/** One line per class: how many answers had each status. */
export function formatStatuses(result: CampaignResult): string {
  return [...result.statuses].map(([cls, byStatus]) =>
    `${cls}: ${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`).join('\n');
}
