// (j) heavy neighbours: the latency of a cheap read alone, then while four connections send the
// heaviest reads the limits allow (and the attacks of issue #26, which the limits now merge or
// refuse). On SQLite a statement runs synchronously in the worker that issued it, so every other
// request of that worker waits for it: the cheap read's p99 with neighbours is bounded only by
// what the heaviest allowed request costs.
//
//   npm run bench -- --only j                          as part of a run (our server, the bench data)
//   npx tsx bench/neighbours.ts --url URL --db FILE     against any running server on that data file

import autocannon from 'autocannon';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readFixture, type Fixture } from './fixture.js';
import { percentile } from './load.js';
import { DEEP_POPULATE, type RequestSpec } from './scenarios.js';
import { WORDS } from './words.js';

export interface Latency { requests: number; p50: number; p99: number; max: number; /** Sent and never answered within the run. */ unanswered: number }

export interface NeighboursResult {
  cheap: string;
  heavy: string[];
  seconds: number;
  alone: Latency;
  withNeighbours: Latency;
  /** The neighbours' own latency and answers (a refused attack is a 400, and cheap). */
  neighbours: Latency & { statuses: Record<string, number> };
  /** Cheap requests that did not answer 200 (an error of the run). */
  cheapFailures: number;
}

const at = <T>(items: readonly T[], i: number): T => items[i % items.length]!;

/** The heaviest reads the default limits allow, and the issue's attacks. */
export function heavyRequests(fx: Fixture): Array<{ name: string; path: (i: number) => string }> {
  const or = (i: number) => Array.from({ length: 24 }, (_, k) =>
    `filters[$or][${k}][body][$containsi]=${encodeURIComponent(at(WORDS, i + k))}&filters[$or][${k}][description][$containsi]=${encodeURIComponent(at(WORDS, i + k + 1))}`
    + `&filters[$or][${k}][authors][name][$containsi]=${encodeURIComponent(at(WORDS, i + k + 2))}&filters[$or][${k}][category][name][$containsi]=${encodeURIComponent(at(WORDS, i + k + 3))}`).join('&');
  const sort10 = 'sort=body:desc,description,title:desc,slug,publishDate,rating:desc,price,views,readingTime:desc,createdAt';
  return [
    { name: 'pageSize 100, 12 populated relations, $containsi on body, sort on body', path: (i) => `/api/articles?pagination[pageSize]=100&${DEEP_POPULATE}&filters[body][$containsi]=${encodeURIComponent(at(WORDS, i))}&sort=body:desc` },
    { name: '96 $containsi filters through relations, 10 sort keys, pageSize 100', path: (i) => `/api/articles?pagination[pageSize]=100&${or(i)}&${sort10}` },
    { name: 'attack: sort=body repeated 200 times (merged to one key)', path: () => `/api/articles?sort=${Array.from({ length: 200 }, () => 'body').join(',')}&pagination[pageSize]=100` },
    { name: 'attack: populate 7 levels deep (refused past the limits)', path: (i) => `/api/articles/${at(fx.articles, i)}?populate[authors][populate][articles][populate][category][populate][articles][populate][authors][populate][articles][populate][category][populate]=*` },
  ];
}

/** Runs load for `seconds`; resolves with how many requests got no answer (timeouts, errors, or
 *  still in flight when the run ended: a frozen server answers nothing). */
function run(url: string, connections: number, seconds: number, next: () => RequestSpec, latencies: number[], statuses?: Map<number, number>): Promise<number> {
  let sent = 0;
  let answered = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url, connections, duration: seconds, pipelining: 1, timeout: seconds,
      requests: [{ setupRequest: (request) => { sent++; const spec = next(); return { ...request, method: spec.method, path: spec.path }; } }],
    }, (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(Math.max(0, sent - answered))));
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      answered++;
      latencies.push(ms);
      statuses?.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
}

function summary(latencies: number[], unanswered: number): Latency {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { requests: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0), unanswered };
}

export async function measureNeighbours(url: string, fx: Fixture, seconds: number): Promise<NeighboursResult> {
  let c = 0;
  const cheapPath = (i: number) => `/api/articles/${at(fx.articles, i)}?fields[0]=title`;
  const cheap = (): RequestSpec => ({ method: 'GET', path: cheapPath(c++) });
  const cheapStatuses = new Map<number, number>();
  const heavy = heavyRequests(fx);
  let h = 0;
  const nextHeavy = (): RequestSpec => { const k = h++; return { method: 'GET', path: heavy[k % heavy.length]!.path(k) }; };

  // Alone first: a heavy request left running (before the limits, one ran for minutes) would
  // otherwise be measured as the cheap read's own latency
  await run(url, 1, 1, cheap, [], cheapStatuses);
  const alone: number[] = [];
  const aloneUnanswered = await run(url, 1, seconds, cheap, alone, cheapStatuses);
  const withNeighbours: number[] = [];
  const neighbourLatencies: number[] = [];
  const neighbourStatuses = new Map<number, number>();
  const load = run(url, 4, seconds + 1, nextHeavy, neighbourLatencies, neighbourStatuses);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const withUnanswered = await run(url, 1, seconds, cheap, withNeighbours, cheapStatuses);
  const neighboursUnanswered = await load;
  return {
    cheap: `GET ${cheapPath(0)}`,
    heavy: heavy.map((x) => x.name),
    seconds,
    alone: summary(alone, aloneUnanswered),
    withNeighbours: summary(withNeighbours, withUnanswered),
    neighbours: { ...summary(neighbourLatencies, neighboursUnanswered), statuses: Object.fromEntries([...neighbourStatuses].map(([s, n]) => [String(s), n])) },
    cheapFailures: [...cheapStatuses].filter(([s]) => s !== 200).reduce((n, [, k]) => n + k, 0),
  };
}

export function neighboursMarkdown(r: NeighboursResult): string {
  const row = (what: string, l: Latency) => `| ${what} | ${l.requests} | ${l.unanswered} | ${l.p50} | ${l.p99} | ${l.max} |`;
  return [
    `### (j) heavy neighbours`,
    '',
    `A cheap read (\`${r.cheap}\`, one connection) alone, then while four connections send heavy reads in turn, ${r.seconds} s each:`,
    ...r.heavy.map((h) => `- ${h}`),
    '',
    '| requests | answered | unanswered | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    row('cheap read alone', r.alone),
    row('cheap read with heavy neighbours', r.withNeighbours),
    row('the heavy neighbours', r.neighbours),
    '',
    `Neighbours' answers: ${Object.entries(r.neighbours.statuses).map(([s, n]) => `${s} × ${n}`).join(', ')}.`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, db: { type: 'string' }, seconds: { type: 'string', default: '10' } } });
  if (!values.url || !values.db) throw new Error('usage: npx tsx bench/neighbours.ts --url http://127.0.0.1:PORT --db bench/.data/articles-10000-seed-42.db [--seconds 10]');
  const result = await measureNeighbours(values.url, await readFixture(values.db), Number(values.seconds));
  process.stdout.write(`${neighboursMarkdown(result)}\n${JSON.stringify(result)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => { process.stderr.write(`${String(err)}\n`); process.exit(1); });
}
