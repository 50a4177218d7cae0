// `strata admin create-user|reset-password` (the launcher, scripts/strata.mjs, runs this file for
// `admin`): administrators for headless set-ups, where no one opens the panel to register the
// first one. Loads the app the way `npm start` does (config/, the environment, schema sync and the
// default roles), without listening. A password may come on stdin instead of the command line,
// where other users of the machine could read it (`printf %s "$PW" | strata admin ...`).

import {
  checkEmail, exitWith, parseCommandLine, runOnApp, UsageError, ValidationError, type Kernel,
} from '../../core/index.js';
import { SUPER_ADMIN_CODE } from './actions.js';
import { ROLE_UID, SESSION_UID, USER_UID } from './models.js';
import { checkPassword } from './passwords.js';
import { endSessionsOf } from './sessions.js';

export const ADMIN_USAGE = `Usage:
  strata admin create-user --email <email> --firstname <name> [--lastname <name>] [--role <code>] [--password <password>]
  strata admin reset-password --email <email> [--password <password>]

create-user     makes an active administrator with the role of that code (default
                strapi-super-admin; the others: strapi-editor, strapi-author, or one of yours).
                Once one exists, POST /admin/register-admin is closed.
reset-password  sets an administrator's password and ends every session they have

Without --password, the password is read from stdin (printf %s "$PW" | strata admin ...).
Passwords: 8 characters or more, a lower-case and an upper-case letter and a digit.
Runs on the app's configured database (config/ and the environment, as npm start does).`;

type Command =
  | { command: 'create-user'; email: string; password?: string; firstname: string; lastname: string | null; role: string }
  | { command: 'reset-password'; email: string; password?: string }
  | { command: 'help' };

const OPTIONS = {
  email: { type: 'string' }, password: { type: 'string' }, firstname: { type: 'string' }, lastname: { type: 'string' },
  role: { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;
const ALLOWED: Record<string, string[]> = {
  'create-user': ['email', 'password', 'firstname', 'lastname', 'role'],
  'reset-password': ['email', 'password'],
};

function parse(argv: string[]): Command {
  const line = parseCommandLine(argv, OPTIONS, ALLOWED);
  if (line.help) return { command: 'help' };
  const { command, values } = line;
  if (values.email === undefined) throw new UsageError(`${command} needs --email`);
  const password = values.password === undefined ? {} : { password: values.password };
  if (command === 'reset-password') return { command, email: values.email, ...password };
  if (values.firstname === undefined) throw new UsageError('create-user needs --firstname');
  return { command: 'create-user', email: values.email, ...password, firstname: values.firstname, lastname: values.lastname ?? null, role: values.role ?? SUPER_ADMIN_CODE };
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('no --password given, and stdin is a terminal: give --password or pipe the password in');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One line: a trailing newline (echo, a file) is not part of the password
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** A refusal of the input, as the API words it ("password must contain at least one number"). */
function message(err: ValidationError): string {
  const first = (err.details as { errors?: Array<{ message?: string }> } | undefined)?.errors?.[0]?.message;
  return first ?? err.message;
}

async function createUser(kernel: Kernel, cmd: Extract<Command, { command: 'create-user' }>, password: string): Promise<number> {
  const users = kernel.documents(USER_UID);
  const role = await kernel.documents(ROLE_UID).findFirst({ filters: { code: { $eq: cmd.role } }, fields: ['name', 'code'] });
  if (!role) {
    const codes = (await kernel.documents(ROLE_UID).findMany({ fields: ['code'], sort: 'id' })).map((r) => String(r.code));
    process.stderr.write(`error: no admin role with the code "${cmd.role}" (the roles: ${codes.join(', ')})\n`);
    return 1;
  }
  const email = checkEmail(cmd.email);
  if (await users.findFirst({ filters: { email: { $eq: email } }, fields: ['email'] })) {
    process.stderr.write(`error: an administrator with the email ${email} exists (strata admin reset-password changes a password)\n`);
    return 1;
  }
  const user = await users.create({ data: { email, password, firstname: cmd.firstname, lastname: cmd.lastname, isActive: true, blocked: false, roles: [role.documentId] } });
  process.stdout.write(`created administrator ${email} (id ${user.id}, role ${String(role.name)})\n`);
  return 0;
}

async function resetPassword(kernel: Kernel, email: string, password: string): Promise<number> {
  const users = kernel.documents(USER_UID);
  const user = await users.findFirst({ filters: { email: { $eq: email.toLowerCase() } }, fields: ['email'] });
  if (!user) {
    process.stderr.write(`error: no administrator with the email ${email.toLowerCase()}\n`);
    return 1;
  }
  const live = await kernel.transaction(async () => {
    await users.update({ documentId: user.documentId, data: { password, resetPasswordToken: null, resetPasswordExpiresAt: null } });
    // Whoever knew the old password may be signed in: every session ends, as a reset through the API does
    return endSessionsOf(kernel.documents(SESSION_UID), user.id);
  });
  process.stdout.write(`changed the password of ${String(user.email)}; ${live} session(s) ended\n`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  let cmd: Command;
  let password: string;
  try {
    cmd = parse(argv);
    if (cmd.command === 'help') {
      process.stdout.write(`${ADMIN_USAGE}\n`);
      return 0;
    }
    // Checked before anything opens: a refused password costs no start-up
    checkEmail(cmd.email);
    password = checkPassword(cmd.password ?? await readStdin());
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`error: ${err.message}\n\n${ADMIN_USAGE}\n`);
      return 1;
    }
    if (err instanceof ValidationError) {
      process.stderr.write(`error: ${message(err)}\n`);
      return 1;
    }
    throw err;
  }
  return runOnApp(async (kernel) => {
    if (!kernel.registry.has(USER_UID)) {
      process.stderr.write('error: the admin plugin is not enabled in config/plugins.ts\n');
      return 1;
    }
    return cmd.command === 'create-user' ? createUser(kernel, cmd, password) : resetPassword(kernel, cmd.email, password);
  }, (err) => (err instanceof ValidationError ? message(err) : undefined));
}

exitWith(main(process.argv.slice(2)));
