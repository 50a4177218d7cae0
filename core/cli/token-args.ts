// The command line of `npm run token`: parsed into one of four commands, or a UsageError that the
// CLI prints with the usage text and exit code 1.

import type { ApiTokenInput, ApiTokenRef } from '../api-tokens/types.js';
import { parseCommandLine, UsageError } from '../config/command-line.js';

export const TOKEN_USAGE = `Usage:
  npm run token -- create --name <name> --type <read-only|full-access|custom>
                          [--lifespan <7|30|90>] [--permissions <action,action,...>] [--description <text>]
  npm run token -- list [--json]
  npm run token -- regenerate (--name <name> | --id <id>)
  npm run token -- revoke (--name <name> | --id <id>)

create   makes an API token and prints its secret once (only a hash is stored)
         --lifespan   days until it expires; leave it out for a token that never expires
         --permissions  custom tokens only: actions such as api::article.article.find
list     shows every token (never a secret)
regenerate  gives a token a new secret, printed once; the old one gets 401 from then on
revoke   deletes a token; requests carrying it get 401 from then on

Runs on the app's configured database (config/ and the environment, as npm start does).
Clients send the secret as: Authorization: Bearer <secret>`;

export { UsageError } from '../config/command-line.js';

export type TokenCommand =
  | { command: 'create'; input: ApiTokenInput }
  | { command: 'list'; json: boolean }
  | { command: 'revoke' | 'regenerate'; ref: ApiTokenRef }
  | { command: 'help' };

const OPTIONS = {
  name: { type: 'string' },
  type: { type: 'string' },
  lifespan: { type: 'string' },
  permissions: { type: 'string' },
  description: { type: 'string' },
  id: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ALLOWED: Record<string, string[]> = {
  create: ['name', 'type', 'lifespan', 'permissions', 'description'],
  list: ['json'],
  regenerate: ['name', 'id'],
  revoke: ['name', 'id'],
};

export function parseTokenArgs(argv: string[]): TokenCommand {
  const line = parseCommandLine(argv, OPTIONS, ALLOWED);
  if (line.help) return { command: 'help' };
  const { command, values } = line;

  if (command === 'list') return { command, json: values.json === true };
  if (command === 'revoke' || command === 'regenerate') {
    if ((values.name === undefined) === (values.id === undefined)) throw new UsageError(`${command} needs exactly one of --name or --id`);
    if (values.name !== undefined) return { command, ref: { name: values.name } };
    if (!/^\d+$/.test(values.id!)) throw new UsageError(`--id must be a positive integer, got "${values.id}"`);
    return { command, ref: { id: Number(values.id) } };
  }
  if (values.name === undefined) throw new UsageError('create needs --name');
  if (values.type === undefined) throw new UsageError('create needs --type (read-only, full-access or custom)');
  const input: ApiTokenInput = { name: values.name, type: values.type as ApiTokenInput['type'] };
  // Anything that is not a whole number goes through as given, so the service's message names it
  if (values.lifespan !== undefined) input.lifespan = /^\d+$/.test(values.lifespan) ? Number(values.lifespan) : values.lifespan as unknown as number;
  if (values.description !== undefined) input.description = values.description;
  if (values.permissions !== undefined) input.permissions = values.permissions.split(',').map((p) => p.trim()).filter(Boolean);
  return { command: 'create', input };
}
