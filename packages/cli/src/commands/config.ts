import type { Command } from 'commander';
import { stringify } from 'yaml';
import { ParapetError } from '@parapet/wire';
import {
  configProblems,
  effectiveConfig,
  keyPath,
  parseValue,
  pruneEmptyParents,
  readConfigDocument,
  writeConfigDocument,
} from '../config/config-document.js';
import { homeFor, type CommandContext } from '../context.js';

function lookup(source: unknown, path: readonly string[]): unknown {
  let node = source;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function show(value: unknown): string {
  return value !== null && typeof value === 'object' ? stringify(value) : `${String(value)}\n`;
}

export function registerConfig(program: Command, context: CommandContext): void {
  const config = program.command('config').description('read and change config.yaml (dot paths, comments kept, invalid writes refused)');
  const { io } = context;

  config
    .command('path')
    .description('print where config.yaml is')
    .action((_options: unknown, command: Command) => void io.stdout.write(`${homeFor(context, command).configPath}\n`));

  config
    .command('get')
    .description('print a setting as Parapet uses it (defaults included), e.g. `config get shield.policy`')
    .argument('[key]', 'dot path; none prints everything')
    .option('--json', 'print JSON')
    .action(async (key: string | undefined, options: { json?: boolean }, command: Command) => {
      const paths = homeFor(context, command);
      const document = await readConfigDocument(paths.configPath);
      const effective = effectiveConfig(document);
      if (!effective) throw new ParapetError('CONFIG_INVALID', `config.yaml is invalid: ${configProblems(document).join('; ')} (see \`parapet config validate\`)`);
      const value = key === undefined ? effective : lookup(effective, keyPath(key));
      if (value === undefined) {
        throw new ParapetError('INVALID_ARGUMENT', `${key ?? ''}: not set, and it has no default (see \`parapet config get\` for every key)`);
      }
      io.stdout.write(options.json ? `${JSON.stringify(value)}\n` : show(value));
    });

  config
    .command('set')
    .description('set one or more keys, e.g. `config set llm.base_url http://127.0.0.1:11434/v1 llm.model llama3.1`')
    .argument('<key>', 'dot path')
    .argument('<value>', 'value (read as YAML: 600 is a number, true a boolean)')
    .argument('[more...]', 'further key value pairs, written together')
    .action(async (key: string, value: string, more: string[], _options: unknown, command: Command) => {
      if (more.length % 2 !== 0) throw new ParapetError('INVALID_ARGUMENT', `"${more.at(-1) ?? ''}" has no value: give keys and values in pairs`);
      const paths = homeFor(context, command);
      const document = await readConfigDocument(paths.configPath);
      const before = configProblems(document);
      const pairs: [string, string][] = [[key, value]];
      for (let index = 0; index < more.length; index += 2) pairs.push([more[index] ?? '', more[index + 1] ?? '']);
      for (const [path, text] of pairs) document.setIn(keyPath(path), parseValue(text));
      await writeConfigDocument(paths.configPath, document, before);
      for (const [path] of pairs) io.stdout.write(`set ${path} in ${paths.configPath}\n`);
      io.stdout.write('a running parapet reads it at its next start: `parapet restart`\n');
    });

  config
    .command('unset')
    .description('remove a key (its default applies again)')
    .argument('<key>', 'dot path')
    .action(async (key: string, _options: unknown, command: Command) => {
      const paths = homeFor(context, command);
      const document = await readConfigDocument(paths.configPath);
      const path = keyPath(key);
      const before = configProblems(document);
      if (!document.hasIn(path)) {
        io.stdout.write(`${key} is not set in ${paths.configPath}\n`);
        return;
      }
      document.deleteIn(path);
      pruneEmptyParents(document, path);
      await writeConfigDocument(paths.configPath, document, before);
      io.stdout.write(`unset ${key} in ${paths.configPath}\n`);
    });

  config
    .command('validate')
    .description('check config.yaml against the schema the engine uses; lists every problem; exit 1 when invalid')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const paths = homeFor(context, command);
      const problems = configProblems(await readConfigDocument(paths.configPath));
      if (options.json) io.stdout.write(`${JSON.stringify({ path: paths.configPath, valid: problems.length === 0, problems })}\n`);
      else if (problems.length === 0) io.stdout.write(`${paths.configPath}: valid\n`);
      else io.stderr.write(problems.map((problem) => `parapet: config.yaml: ${problem}\n`).join(''));
      if (problems.length > 0) context.exitCode = 1;
    });
}
