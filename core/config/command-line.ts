// A subcommand's command line (`npm run token -- create --name x`, `strata admin create-user ...`):
// one command word, then options, each command taking only its own. A mistake is a UsageError,
// which the CLI prints with its usage text and exit code 1. Beside the config's other reader of
// outside input (the environment), low enough for plugins' own commands to use.

import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>['values'];

/** `{ help: true }` for --help; else the command and its options, after refusing a missing or
 *  unknown command, a stray argument and an option the command does not take. */
export function parseCommandLine<O extends Options>(argv: string[], options: O, allowed: Readonly<Record<string, readonly string[]>>):
  { help: true } | { help: false; command: string; values: Values<O> } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if ((values as Record<string, unknown>).help) return { help: true };
  const names = Object.keys(allowed);
  const list = `${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1) ?? ''}`;
  const [command, ...extra] = positionals;
  if (command === undefined) throw new UsageError(`missing command: ${list}`);
  const own = allowed[command];
  if (!own) throw new UsageError(`unknown command "${command}": use ${list}`);
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const wrong = Object.keys(values).find((k) => !own.includes(k));
  if (wrong) throw new UsageError(`--${wrong} does not apply to ${command}`);
  return { help: false, command, values: values as Values<O> };
}
