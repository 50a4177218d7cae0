// `npm run fuzz -- --seed S --seconds N`: a fuzzing campaign against a running app (by default the
// example app on 127.0.0.1:1337). Prints every failing request as a curl command and as the
// (seed, class, index) that generates it again; exits 1 when anything failed.
//
//   npm run fuzz -- --seconds 300 --token <full-access API token> --concurrency 4
//   npm run fuzz -- --seed 7 --replay write:123        send one generated request again

import { parseArgs } from 'node:util';
import { discoverContext, formatStatuses, generate, runCampaign, type Failure } from './campaign.js';
import { CLASSES, type RequestClass } from './requests.js';
import { createAgent, send, toCurl } from './send.js';
import { problemsOf } from './verdict.js';

const USAGE = `usage: npm run fuzz -- [--url http://127.0.0.1:1337] [--seed N] [--seconds N | --per-class N]
       [--classes ${CLASSES.join(',')}] [--token T (or FUZZ_TOKEN)] [--concurrency N] [--replay class:index]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) fail(`--${name} must be a non-negative integer, got ${value}`);
  return n;
}

function parseClasses(value: string | undefined): RequestClass[] {
  if (!value) return [...CLASSES];
  const names = value.split(',').map((s) => s.trim());
  for (const n of names) if (!(CLASSES as readonly string[]).includes(n)) fail(`unknown class ${n}`);
  return names as RequestClass[];
}

function describe(failure: Failure, base: URL): string {
  return [
    `FAIL ${failure.cls}:${failure.index} (replay: npm run fuzz -- --seed ${failure.seed} --replay ${failure.cls}:${failure.index})`,
    ...failure.problems.map((p) => `  - ${p}`),
    `  status: ${failure.status ?? 'none'}; answer: ${JSON.stringify(failure.excerpt.slice(0, 200))}`,
    `  ${toCurl(base, failure.request)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string', default: 'http://127.0.0.1:1337' }, seed: { type: 'string' }, seconds: { type: 'string' },
        'per-class': { type: 'string' }, classes: { type: 'string' }, token: { type: 'string' }, concurrency: { type: 'string' },
        replay: { type: 'string' }, help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) { process.stdout.write(`${USAGE}\n`); return; }
  let base: URL;
  try { base = new URL(values.url); } catch { fail(`--url is not a URL: ${values.url}`); }
  const seed = integer(values.seed, 'seed', Math.floor(Math.random() * 2 ** 31));
  const token = values.token ?? process.env.FUZZ_TOKEN;
  const context = await discoverContext(base.href, token);

  if (values.replay) {
    const [cls, index] = values.replay.split(':');
    if (!(CLASSES as readonly string[]).includes(cls ?? '')) fail(`--replay takes class:index, got ${values.replay}`);
    const request = generate(seed, cls as RequestClass, integer(index, 'replay index', 0), context);
    process.stdout.write(`${toCurl(base, request)}\n`);
    const agent = createAgent(1);
    try {
      const answer = await send(base, request, agent);
      const problems = problemsOf(request, answer);
      process.stdout.write(`status ${answer.status}\n${answer.text.slice(0, 2000)}\n${problems.length ? problems.map((p) => `- ${p}`).join('\n') : 'ok'}\n`);
      process.exitCode = problems.length ? 1 : 0;
    } finally { agent.destroy(); }
    return;
  }

  const perClass = values['per-class'] !== undefined ? integer(values['per-class'], 'per-class', 100) : undefined;
  const seconds = perClass === undefined ? integer(values.seconds, 'seconds', 60) : undefined;
  const classes = parseClasses(values.classes);
  process.stdout.write(`fuzzing ${base.origin} with seed ${seed}, classes ${classes.join(',')}, ${perClass !== undefined ? `${perClass} per class` : `${seconds} s`}${token ? ', with a token' : ', anonymous'}\n`);
  const result = await runCampaign({
    url: base.href, seed, classes, context, concurrency: integer(values.concurrency, 'concurrency', 4),
    ...(perClass !== undefined ? { perClass } : { seconds: seconds! }),
    onFailure: (f) => process.stdout.write(`${describe(f, base)}\n`),
  });
  process.stdout.write(`${result.requests} requests, ${result.failures.length} failing\n${formatStatuses(result)}\n`);
  if (!result.aliveAfter) process.stdout.write('FAIL the app did not answer a plain read after the campaign\n');
  process.exitCode = result.failures.length || !result.aliveAfter ? 1 : 0;
}

await main();
