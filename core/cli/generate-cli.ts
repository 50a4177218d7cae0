// `npm run generate -- <content-type|component> ...`: parses the command line, runs the generator,
// prints the path written. Expected failures print `error: <message>` and exit with code 1.

import { KernelError } from '../errors/index.js';
import { addAttributes, ATTRIBUTE_SHORTHAND_HELP, GenerateError, generateComponent, generateContentType, permissionHint } from './generate.js';

const HELP = `Usage:
  npm run generate -- content-type <singularName> [options] [<attribute>...]
  npm run generate -- component <category>.<name> [options] [<attribute>...]
  npm run generate -- attribute <singularName | category.name> <attribute>...   (adds to an existing one)
  npm run generate -- openapi [--output <file>]   (the openapi plugin's command, run by the strata launcher)

Options:
  --plural <pluralName>      content types only; default: singular + s (y -> ies, s/x/z/ch/sh -> es)
  --display-name "<Name>"    default: the Title Case of the (component) name
  --kind <kind>              content types only: collectionType (default) or singleType
  --draft-and-publish        content types only: set options.draftAndPublish to true
  --i18n                     content types only: localized (pluginOptions.i18n.localized: true)
  --dir <dir>                content-types folder (default ./content-types)
  -h, --help                 show this help

Names are kebab-case: lowercase letters, digits and -, starting with a letter.
The schema is validated together with the files already in --dir (so relation targets and
components must exist) and an existing file is never overwritten.

${ATTRIBUTE_SHORTHAND_HELP}`;

const VALUE_OPTIONS = ['--plural', '--display-name', '--kind', '--dir'];
const BOOLEAN_OPTIONS = ['--draft-and-publish', '--i18n'];
const CONTENT_TYPE_ONLY = ['--plural', '--kind', '--draft-and-publish', '--i18n'];
const NEW_ONLY = [...CONTENT_TYPE_ONLY, '--display-name'];

interface CommandLine {
  command: 'content-type' | 'component' | 'attribute';
  name: string;
  options: Map<string, string | boolean>;
  attributes: string[];
}

function parseCommandLine(argv: string[]): CommandLine {
  const [command, ...rest] = argv;
  if (command !== 'content-type' && command !== 'component' && command !== 'attribute') {
    throw new GenerateError(`unknown command "${command ?? ''}": use content-type, component, attribute or openapi (see --help)`);
  }
  const options = new Map<string, string | boolean>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (options.has(flag)) throw new GenerateError(`${flag} given twice`);
    if (BOOLEAN_OPTIONS.includes(flag)) {
      if (eq > 0) throw new GenerateError(`${flag} takes no value`);
      options.set(flag, true);
    } else if (VALUE_OPTIONS.includes(flag)) {
      const value = eq > 0 ? arg.slice(eq + 1) : rest[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new GenerateError(`${flag} needs a value`);
      options.set(flag, value);
    } else {
      throw new GenerateError(`unknown option ${flag} (see --help)`);
    }
  }
  if (command === 'component') {
    const wrong = CONTENT_TYPE_ONLY.find((flag) => options.has(flag));
    if (wrong) throw new GenerateError(`${wrong} only applies to content types`);
  }
  if (command === 'attribute') {
    const wrong = NEW_ONLY.find((flag) => options.has(flag));
    if (wrong) throw new GenerateError(`${wrong} only applies to a new content type or component`);
  }
  const [name, ...attributes] = positional;
  if (name === undefined) {
    throw new GenerateError(command === 'component' ? 'missing <category>.<name>' : command === 'attribute' ? 'missing <singularName> or <category>.<name>' : 'missing <singularName>');
  }
  return { command, name, options, attributes };
}

/** What to print: the file written, and for a content type the permission lines it needs. */
function run(argv: string[]): string {
  const cli = parseCommandLine(argv);
  const text = (flag: string): string | undefined => {
    const value = cli.options.get(flag);
    return typeof value === 'string' ? value : undefined;
  };
  const dir = text('--dir') ?? './content-types';
  const displayName = text('--display-name');
  if (cli.command === 'component') {
    return `created ${generateComponent(dir, { uid: cli.name, displayName, attributes: cli.attributes }).file}`;
  }
  const updatedLines = (files: string[]) => files.map((f) => `\nupdated ${f} (the other side of a relation)`).join('');
  if (cli.command === 'attribute') {
    const { file, updated } = addAttributes(dir, cli.name, cli.attributes);
    return `updated ${file}${updatedLines(updated)}`;
  }
  const { file, schema, updated } = generateContentType(dir, {
    singularName: cli.name,
    pluralName: text('--plural'),
    displayName,
    kind: text('--kind'),
    draftAndPublish: cli.options.get('--draft-and-publish') === true,
    i18n: cli.options.get('--i18n') === true,
    attributes: cli.attributes,
  });
  return `created ${file}${updatedLines(updated)}\n\n${permissionHint(schema)}`;
}

function formatError(err: unknown): string | undefined {
  if (err instanceof GenerateError) return err.message;
  if (err instanceof KernelError) {
    if (err.code !== 'SCHEMA_ERR_INVALID') return err.message;
    return `invalid schema:\n  ${err.message.split('\n').join('\n  ')}`;
  }
  // file-system failures (EACCES, ENOTDIR, ...) are the user's to fix, not bugs
  if (err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string') return err.message;
  return undefined;
}

function main(argv: string[]): number {
  if (argv.length === 0) {
    process.stderr.write(`${HELP}\n`);
    return 1;
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  try {
    process.stdout.write(`${run(argv)}\n`);
    return 0;
  } catch (err) {
    const message = formatError(err);
    if (message === undefined) throw err; // a bug, not a usage error: keep the stack trace
    process.stderr.write(`error: ${message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
