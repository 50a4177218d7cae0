// `npm run token -- create|list|regenerate|revoke`: manages API tokens on the app's configured
// database. Loads the kernel the way `npm start` does (config/ and the environment, schema sync
// included) without listening. Usage mistakes and refused input print a message and exit with
// code 1.

import { exitWith, runOnApp, type ApiToken, type Kernel } from '../index.js';
import { parseTokenArgs, TOKEN_USAGE, UsageError, type TokenCommand } from './token-args.js';

async function run(kernel: Kernel, cmd: Exclude<TokenCommand, { command: 'help' }>): Promise<number> {
  const tokens = kernel.apiTokens;
  switch (cmd.command) {
    case 'create': {
      const { token, secret } = await tokens.create(cmd.input);
      // stdout holds the secret alone, so `SECRET=$(npx strata token create ...)` captures it
      process.stderr.write(`created API token "${token.name}" (id ${token.id}, ${token.type}, ${expiry(token)})\n`);
      process.stdout.write(`${secret}\n`);
      process.stderr.write([
        'Copy it now: it will not be shown again (only a hash of it is stored).',
        'Send it as the header: Authorization: Bearer <token>',
        '',
      ].join('\n'));
      return 0;
    }
    case 'list': {
      const all = await tokens.list();
      if (cmd.json) process.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
      else process.stdout.write(all.length ? `${table(all)}\n` : 'no API tokens\n');
      return 0;
    }
    case 'regenerate': {
      const made = await tokens.regenerate(cmd.ref);
      if (!made) {
        process.stderr.write(`error: no API token with ${'id' in cmd.ref ? `id ${cmd.ref.id}` : `name "${cmd.ref.name}"`}\n`);
        return 1;
      }
      process.stderr.write(`regenerated API token "${made.token.name}" (id ${made.token.id}, ${expiry(made.token)}): the previous secret no longer works\n`);
      process.stdout.write(`${made.secret}\n`);
      process.stderr.write('Copy it now: it will not be shown again (only a hash of it is stored).\n');
      return 0;
    }
    case 'revoke': {
      const revoked = await tokens.revoke(cmd.ref);
      if (!revoked) {
        process.stderr.write(`error: no API token with ${'id' in cmd.ref ? `id ${cmd.ref.id}` : `name "${cmd.ref.name}"`}\n`);
        return 1;
      }
      process.stdout.write(`revoked API token "${revoked.name}" (id ${revoked.id})\n`);
      return 0;
    }
  }
}

function expiry(token: ApiToken): string {
  return token.expiresAt ? `expires ${token.expiresAt}` : 'never expires';
}

function table(tokens: ApiToken[]): string {
  const rows = [['ID', 'NAME', 'TYPE', 'EXPIRES', 'LAST USED', 'PERMISSIONS / DESCRIPTION']];
  for (const t of tokens) {
    rows.push([
      String(t.id), t.name, t.type, t.expiresAt ?? 'never', t.lastUsedAt ?? 'never',
      [t.permissions.join(','), t.description ?? ''].filter(Boolean).join(' - '),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

async function main(argv: string[]): Promise<number> {
  let cmd: TokenCommand;
  try {
    cmd = parseTokenArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`error: ${err.message}\n\n${TOKEN_USAGE}\n`);
    return 1;
  }
  if (cmd.command === 'help') {
    process.stdout.write(`${TOKEN_USAGE}\n`);
    return 0;
  }
  return runOnApp((kernel) => run(kernel, cmd));
}

exitWith(main(process.argv.slice(2)));
