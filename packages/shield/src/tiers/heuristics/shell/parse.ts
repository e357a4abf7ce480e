import { forEachChild } from 'unbash';
import type {
  Assignment,
  Command,
  CompoundList,
  ParsedScript,
  PipelineNode,
  AndOr,
  Redirection,
  SyntaxNode,
  Word,
} from 'unbash';
import { childPathOf, resolvePath, type PathScope } from '../paths/resolve.js';
import { emptyList } from '../lists.js';
import { joinTexts, literalArg, makeArg, withText } from './args.js';
import { utf8Bytes, utf8Text } from './bytes.js';
import type { Arg, Origin, ParsedCommandLine, Redirect, SimpleCommand } from './model.js';
import { INTERPRETERS, programName } from './names.js';
import { findExecCommands, isScriptTarget, writtenText } from './derived-scripts.js';
import { fileRunBy } from './interpreters.js';
import { nestedScripts } from './nested.js';
import { packageScriptName, packageScriptText } from './package-scripts.js';
import { parseShell } from './parse-cache.js';
import { staticOutputOf } from './static-output.js';
import { resolveWord, type WordEnvironment } from './words.js';
import { unwrap } from './wrappers.js';

const MAX_DEPTH = 6;
const MAX_COMMANDS = 300;
const MAX_SOURCE = 64 * 1024;
const DEFAULT_IFS = ' \t\n';

interface WalkContext {
  readonly depth: number;
  readonly origin: Origin;
  readonly consumer: SimpleCommand | undefined;
  readonly inFunction: string | undefined;
}

/** Always built here, fields in one order: every context shares one object shape (spreads made many). */
const walkContext = (
  depth: number,
  origin: Origin,
  consumer: SimpleCommand | undefined,
  inFunction: string | undefined,
): WalkContext => ({
  depth,
  origin,
  consumer,
  inFunction,
});

const DECLARERS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/**
 * Flattens a command line into simple commands: pipelines, lists, subshells, functions, control
 * flow, `$(…)`/backticks/`<(…)`, redirections, and the scripts handed to `sh -c`, `eval`, `ssh`,
 * `xargs sh -c`, `find -exec`, here-documents and pipes into a shell, recursively.
 */
class Walker {
  readonly commands: SimpleCommand[] = [];
  readonly syntaxErrors: string[] = [];
  truncated = false;
  private readonly vars = new Map<string, string[]>();
  /** Commands whose output a variable holds (`X=$(cat f)`), so data keeps its label through `$X`. */
  private readonly varSources = new Map<string, SimpleCommand[]>();
  /** Files this line writes with known text, by absolute path: running one later runs that text. */
  private readonly writtenFiles = new Map<string, string>();
  /** Written files already judged as scripts when they were written (by their conventional name). */
  private readonly judgedScripts = new Set<string>();
  private cwd: string;

  constructor(private readonly scope: PathScope) {
    this.cwd = scope.cwd;
    // Files the caller read for this evaluation: running one runs that text, as if written here.
    if (scope.fileContents !== undefined)
      for (const [path, text] of scope.fileContents) this.writtenFiles.set(path, text);
  }

  walkSource(source: string, ctx: WalkContext): SimpleCommand[] {
    if (ctx.depth > MAX_DEPTH || source.length > MAX_SOURCE) {
      this.truncated = true;
      return emptyList();
    }
    return this.walkScript(parseShell(source), ctx);
  }

  walkScript(script: ParsedScript | undefined, ctx: WalkContext): SimpleCommand[] {
    const start = this.commands.length;
    if (script === undefined) return emptyList();
    for (const error of script.errors ?? []) this.syntaxErrors.push(error.message);
    for (const statement of script.commands) {
      const exit = this.walkNode(statement.command, ctx, undefined);
      if (statement.background === true && exit) exit.background = true;
    }
    return this.commands.slice(start);
  }

  private walkList(
    list: CompoundList | undefined,
    ctx: WalkContext,
    upstream: SimpleCommand | undefined,
  ): SimpleCommand | undefined {
    let exit: SimpleCommand | undefined;
    for (const [i, statement] of (list?.commands ?? []).entries()) {
      exit = this.walkNode(statement.command, ctx, i === 0 ? upstream : undefined);
      if (statement.background === true && exit) exit.background = true;
    }
    return exit;
  }

  /** Resolves every word under `node` only for the substitutions they run (test expressions). */
  private walkWordsIn(node: SyntaxNode, ctx: WalkContext, holder: SimpleCommand | undefined): void {
    const visit = (child: SyntaxNode): void => {
      if (child.type === 'Word') this.resolve(child, ctx, holder);
      else forEachChild(child, visit);
    };
    forEachChild(node, visit);
  }

  private walkNode(
    node: PipelineNode | AndOr,
    ctx: WalkContext,
    upstream: SimpleCommand | undefined,
  ): SimpleCommand | undefined {
    if (this.commands.length >= MAX_COMMANDS) {
      this.truncated = true;
      return undefined;
    }
    switch (node.type) {
      case 'Command':
        return this.walkCommand(node, ctx, upstream);
      case 'Pipeline': {
        let previous = upstream;
        for (const child of node.commands) previous = this.walkNode(child, ctx, previous);
        return previous;
      }
      case 'AndOr': {
        let exit: SimpleCommand | undefined;
        for (const child of node.commands) exit = this.walkNode(child, ctx, undefined);
        return exit;
      }
      case 'Subshell': {
        const savedCwd = this.cwd;
        const exit = this.walkList(node.body, ctx, upstream);
        this.cwd = savedCwd;
        return exit;
      }
      case 'BraceGroup':
        return this.walkList(node.body, ctx, upstream);
      case 'If': {
        this.walkList(node.clause, ctx, upstream);
        let exit = this.walkList(node.then, ctx, undefined);
        for (const elif of node.elif) {
          this.walkList(elif.clause, ctx, undefined);
          exit = this.walkList(elif.then, ctx, undefined);
        }
        return this.walkList(node.else, ctx, undefined) ?? exit;
      }
      case 'For':
      case 'Select': {
        const values = (node.wordlist ?? [])
          .flatMap((w) => this.resolve(w, ctx, undefined))
          .map((a) => a.text);
        if (values.length > 0) this.vars.set(node.name.value, values);
        return this.repeating(() => this.walkList(node.body, ctx, upstream));
      }
      case 'While':
        this.walkList(node.clause, ctx, upstream);
        return this.repeating(() => this.walkList(node.body, ctx, undefined));
      case 'ArithmeticFor':
        return this.repeating(() => this.walkList(node.body, ctx, upstream));
      case 'Case': {
        this.resolve(node.word, ctx, undefined);
        let exit: SimpleCommand | undefined;
        for (const item of node.items) exit = this.walkList(item.body, ctx, undefined) ?? exit;
        return exit;
      }
      case 'Function': {
        const inner = walkContext(ctx.depth, ctx.origin, ctx.consumer, node.name.value);
        if (node.body.type === 'CompoundList') return this.walkList(node.body, inner, undefined);
        return this.walkNode(node.body, inner, undefined);
      }
      case 'Redirected': {
        const start = this.commands.length;
        const exit = this.walkNode(node.command, ctx, upstream);
        const redirects = this.redirectsOf(node.redirects, ctx, undefined);
        for (const cmd of this.commands.slice(start)) {
          cmd.redirects.push(...redirects.redirects);
          if (redirects.stdinText !== undefined) cmd.stdinText ??= redirects.stdinText;
        }
        return exit;
      }
      case 'Coproc':
        if (node.body.type === 'CompoundList') return this.walkList(node.body, ctx, upstream);
        return this.walkNode(node.body, ctx, upstream);
      case 'TestCommand':
      case 'ArithmeticCommand':
        this.walkWordsIn(node, ctx, undefined);
        return undefined;
    }
  }

  private environment(ctx: WalkContext, holder: SimpleCommand | undefined): WordEnvironment {
    return {
      lookup: this.lookupBound,
      sources: this.sourcesBound,
      substitute: (script) => {
        const commands = this.walkScript(
          script,
          walkContext(ctx.depth + 1, 'substitution', holder, ctx.inFunction),
        );
        const last = commands
          .filter((c) => c.consumer === holder && c.depth === ctx.depth + 1)
          .at(-1);
        const output = last?.stdoutTo === undefined ? last?.staticOutput : undefined;
        return { commands, output: output === undefined ? undefined : utf8Text(output) };
      },
      ifs: this.lookup('IFS')?.[0] ?? DEFAULT_IFS,
    };
  }

  private readonly lookupBound = (name: string): readonly string[] | undefined => this.lookup(name);
  private readonly sourcesBound = (name: string): readonly SimpleCommand[] =>
    this.varSources.get(name) ?? [];

  /** Walks a loop's body: every command it records runs once per item. */
  private repeating(walk: () => SimpleCommand | undefined): SimpleCommand | undefined {
    const start = this.commands.length;
    const exit = walk();
    for (const cmd of this.commands.slice(start)) cmd.repeated = true;
    return exit;
  }

  /** Sets or forgets a variable; a value only known at run time keeps the commands it came from. */
  private assign(name: string, arg: Arg, text: string = arg.text): void {
    if (arg.dynamic) this.vars.delete(name);
    else this.vars.set(name, [text]);
    if (arg.from.length > 0) this.varSources.set(name, [...arg.from]);
    else this.varSources.delete(name);
  }

  private lookup(name: string): readonly string[] | undefined {
    if (name === 'HOME') return [this.scope.home];
    if (name === 'PWD') return [this.cwd];
    return this.vars.get(name);
  }

  private resolve(
    word: Word,
    ctx: WalkContext,
    holder: SimpleCommand | undefined,
    env?: WordEnvironment,
  ): Arg[] {
    return resolveWord(word, env ?? this.environment(ctx, holder));
  }

  private redirectsOf(
    items: readonly Redirection[],
    ctx: WalkContext,
    holder: SimpleCommand | undefined,
  ): { redirects: Redirect[]; stdinText: string | undefined } {
    const redirects: Redirect[] = emptyList();
    let stdinText: string | undefined;
    for (const item of items) {
      const fd = item.descriptor?.type === 'FileDescriptor' ? item.descriptor.value : undefined;
      if (item.type === 'HereDoc') {
        const body = item.body;
        if (body.parts !== undefined && item.delimiter?.quoted !== true) {
          stdinText = this.resolve(
            {
              type: 'Word',
              text: body.text,
              value: body.text,
              pos: body.pos,
              end: body.end,
              parts: body.parts,
            },
            ctx,
            holder,
          )
            .map((a) => a.text)
            .join(' ');
        } else stdinText = body.text;
        redirects.push({ op: item.operator, fd, target: undefined });
      } else if (item.type === 'HereString') {
        const target =
          item.target === undefined ? undefined : this.resolve(item.target, ctx, holder)[0];
        stdinText = `${target?.text ?? ''}\n`;
        redirects.push({ op: item.operator, fd, target });
      } else {
        const target =
          item.target === undefined ? undefined : this.resolve(item.target, ctx, holder)[0];
        redirects.push({ op: item.operator, fd, target });
      }
    }
    return { redirects, stdinText };
  }

  private newCommand(ctx: WalkContext, upstream: SimpleCommand | undefined): SimpleCommand {
    const cmd: SimpleCommand = {
      index: -1,
      depth: ctx.depth,
      origin: ctx.origin,
      name: '',
      program: undefined,
      args: emptyList(),
      wrappers: emptyList(),
      wrapperOptions: emptyList(),
      assignments: new Map(),
      redirects: emptyList(),
      stdinFrom: upstream,
      stdoutTo: undefined,
      stdinText: undefined,
      consumer: ctx.consumer,
      background: false,
      cwd: this.cwd,
      staticOutput: undefined,
      scriptText: undefined,
      inFunction: ctx.inFunction,
      repeated: false,
    };
    if (upstream) upstream.stdoutTo = cmd;
    return cmd;
  }

  private assignmentArg(assignment: Assignment, ctx: WalkContext, holder: SimpleCommand): Arg {
    const value = assignment.value;
    if (value.type === 'ArrayValue') {
      const items = value.elements.flatMap((w) => this.resolve(w, ctx, holder));
      return makeArg(
        joinTexts(items),
        items.some((a) => a.dynamic),
        false,
        items.flatMap((a) => a.vars),
        items.flatMap((a) => a.from),
      );
    }
    const resolved = this.resolve(value, ctx, holder);
    return resolved[0] ?? literalArg('');
  }

  private walkCommand(
    node: Command,
    ctx: WalkContext,
    upstream: SimpleCommand | undefined,
  ): SimpleCommand {
    const cmd = this.newCommand(ctx, upstream);
    const env = this.environment(ctx, cmd);
    const words: Arg[] = emptyList();
    const redirections: Redirection[] = [];
    for (const item of node.prefix) {
      if (item.type === 'Assignment')
        cmd.assignments.set(item.name, this.assignmentArg(item, ctx, cmd));
      else redirections.push(item);
    }
    if (node.name) words.push(...this.resolve(node.name, ctx, cmd, env));
    for (const item of node.suffix) {
      if (item.type === 'Word') words.push(...this.resolve(item, ctx, cmd, env));
      else if (item.type === 'Assignment') {
        const value = this.assignmentArg(item, ctx, cmd);
        words.push(withText(value, `${item.name}=${value.text}`));
      } else redirections.push(item);
    }
    const { redirects, stdinText } = this.redirectsOf(redirections, ctx, cmd);
    cmd.redirects.push(...redirects);
    cmd.stdinText = stdinText;
    if (words.length === 0) {
      // Bare `NAME=value`: a shell variable for the rest of the line.
      for (const [name, arg] of cmd.assignments) this.assign(name, arg);
      return this.record(cmd, ctx);
    }
    return this.finishArgv(cmd, words, ctx);
  }

  /** Peels wrappers, tracks variables and `cd`, computes static output, walks nested scripts. */
  private finishArgv(cmd: SimpleCommand, words: Arg[], ctx: WalkContext): SimpleCommand {
    const stdin =
      cmd.stdinText !== undefined ? utf8Bytes(cmd.stdinText) : cmd.stdinFrom?.staticOutput;
    const unwrapped = unwrap(words, () => {
      if (stdin === undefined)
        return [
          makeArg(
            '<xargs input>',
            true,
            false,
            emptyList(),
            cmd.stdinFrom ? [cmd.stdinFrom] : emptyList(),
          ),
        ];
      return utf8Text(stdin)
        .split(/\s+/u)
        .filter(Boolean)
        .slice(0, 32)
        .map((word) => literalArg(word));
    });
    for (const [name, arg] of unwrapped.env) cmd.assignments.set(name, arg);
    cmd.wrappers = unwrapped.wrappers;
    if (unwrapped.wrappers.includes('xargs')) cmd.repeated = true;
    cmd.wrapperOptions = unwrapped.wrapperOptions;
    cmd.program = unwrapped.argv[0];
    cmd.name = programName(unwrapped.argv[0]?.text ?? '');
    cmd.args = unwrapped.argv.slice(1);
    this.trackShellState(cmd);
    cmd.staticOutput = staticOutputOf(cmd, stdin);
    cmd.scriptText = this.scriptWrittenEarlier(cmd);
    this.record(cmd, ctx);
    const depth = ctx.depth + 1;
    const nestedContext = walkContext(depth, 'nested', undefined, ctx.inFunction);
    for (const text of unwrapped.nestedText) this.walkSource(text, nestedContext);
    for (const nested of nestedScripts(cmd))
      this.walkSource(nested.text, walkContext(depth, nested.origin, undefined, ctx.inFunction));
    for (const argv of findExecCommands(cmd))
      this.finishArgv(this.newCommand(nestedContext, undefined), argv, nestedContext);
    const written = writtenText(cmd);
    if (written !== undefined) {
      const paths: string[] = emptyList();
      for (const target of written.targets)
        paths.push(resolvePath(target, this.scope, cmd.cwd).absolute);
      for (const path of paths) this.writtenFiles.set(path, written.text);
      if (isScriptTarget(written.targets)) {
        for (const path of paths) this.judgedScripts.add(path);
        this.walkSource(written.text, walkContext(depth, 'written', undefined, ctx.inFunction));
      }
    }
    return cmd;
  }

  /** `echo … > x.sh; sh x.sh`: the text of the script a command runs, if this line wrote it. */
  private scriptWrittenEarlier(cmd: SimpleCommand): string | undefined {
    if (this.writtenFiles.size === 0) return undefined;
    const packageScript = packageScriptName(cmd);
    if (packageScript !== undefined) {
      const manifest = this.writtenFiles.get(
        resolvePath('package.json', this.scope, cmd.cwd).absolute,
      );
      return manifest === undefined ? undefined : packageScriptText(manifest, packageScript);
    }
    const runs = fileRunBy(cmd);
    if (runs === undefined) return undefined;
    const path =
      childPathOf(cmd.cwd, runs.text) ?? resolvePath(runs.text, this.scope, cmd.cwd).absolute;
    // A shell script with a conventional name was already walked when it was written.
    if (this.judgedScripts.has(path) && !INTERPRETERS.has(cmd.name)) return undefined;
    const text = this.writtenFiles.get(path);
    // Run by its path, a file is run by the program its `#!` line names: only a shell's is walked.
    if (text !== undefined && runs === cmd.program && !runsAsShell(text)) return undefined;
    return text;
  }

  private record(cmd: SimpleCommand, ctx: WalkContext): SimpleCommand {
    if (this.commands.length >= MAX_COMMANDS || ctx.depth > MAX_DEPTH) {
      this.truncated = true;
      return cmd;
    }
    (cmd as { index: number }).index = this.commands.length;
    this.commands.push(cmd);
    return cmd;
  }

  private trackShellState(cmd: SimpleCommand): void {
    if (cmd.name === 'cd' || cmd.name === 'pushd') {
      const target = cmd.args.find((a) => !a.text.startsWith('-'));
      if (target === undefined) this.cwd = this.scope.home;
      else if (!target.dynamic) this.cwd = resolvePath(target.text, this.scope, this.cwd).absolute;
    } else if (DECLARERS.has(cmd.name)) {
      for (const arg of cmd.args) {
        const eq = arg.text.indexOf('=');
        if (eq > 0 && !arg.text.startsWith('-'))
          this.assign(arg.text.slice(0, eq), arg, arg.text.slice(eq + 1));
      }
    } else if (cmd.name === 'unset') {
      for (const { text: name } of cmd.args) {
        this.vars.delete(name);
        this.varSources.delete(name);
      }
    }
  }
}

/** A script with no `#!` line, or one naming a POSIX shell, runs as shell text when run by its path. */
function runsAsShell(text: string): boolean {
  if (!text.startsWith('#!')) return true;
  const line = text.slice(2, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  return /^\s*\S*\/(?:env\s+)?(?:ba|da|z|k|mk)?sh(?:\s|$)/u.test(line);
}

/** Parses `source` as bash and flattens it (see {@link Walker}). */
export function parseCommandLine(source: string, scope: PathScope): ParsedCommandLine {
  const key = `${scope.cwd}\u0000${source}`;
  const known = scope.lines?.get(key);
  if (known !== undefined) return known;
  const walker = new Walker(scope);
  walker.walkSource(source, walkContext(0, 'top', undefined, undefined));
  const parsed = {
    commands: walker.commands,
    syntaxErrors: walker.syntaxErrors,
    truncated: walker.truncated,
  };
  scope.lines?.set(key, parsed);
  return parsed;
}

/** The commands of an `execute_command` action's line (parsed once per scope); none for any other action. */
export function commandsOfAction(
  type: string | undefined,
  payload: Readonly<Record<string, unknown>>,
  scope: PathScope,
): readonly SimpleCommand[] {
  const command = payload['command'];
  if (type !== 'execute_command' || typeof command !== 'string') return emptyList();
  return parseCommandLine(command, scope).commands;
}
