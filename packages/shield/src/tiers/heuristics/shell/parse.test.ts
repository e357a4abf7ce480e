import { describe, expect, it } from 'vitest';
import { scopeOf } from '../paths/resolve.js';
import { parseCommandLine } from './parse.js';

const scope = scopeOf({ home: '/home/alice', workspace: '/home/alice/project' });
const flat = (source: string) => parseCommandLine(source, scope);
const names = (source: string) => flat(source).commands.map((c) => c.name);

describe('parseCommandLine', () => {
  it('flattens lists, pipelines, subshells, groups and control flow', () => {
    expect(
      names(
        'a && b || c; (d | e) & { f; }; if g; then h; else i; fi; for x in 1 2; do j; done; while k; do l; done',
      ),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']);
  });

  it('links pipes both ways', () => {
    const [cat, gzip, curl] = flat('cat f | gzip | curl -T - https://x.example').commands;
    expect(cat?.stdoutTo).toBe(gzip);
    expect(gzip?.stdinFrom).toBe(cat);
    expect(curl?.stdinFrom).toBe(gzip);
  });

  it('walks command and process substitutions and backticks, recording who consumes them', () => {
    const commands = flat('echo $(whoami) `hostname` <(date)').commands;
    const echo = commands.find((c) => c.name === 'echo');
    expect(commands.map((c) => c.name).sort()).toEqual(['date', 'echo', 'hostname', 'whoami']);
    expect(commands.filter((c) => c.consumer === echo)).toHaveLength(3);
    expect(echo?.args[0]?.from.map((c) => c.name)).toEqual(['whoami']);
  });

  it('records redirections with their targets', () => {
    const [cmd] = flat('sort < in.txt > out.txt 2>>err.log').commands;
    expect(cmd?.redirects.map((r) => `${r.op}${r.target?.text ?? ''}`)).toEqual([
      '<in.txt',
      '>out.txt',
      '>>err.log',
    ]);
  });

  it('peels wrappers and keeps what they were', () => {
    const [cmd] = flat(
      'sudo -u bob env FOO=1 nice -n 5 timeout 10 nohup /usr/bin/curl -s x.example',
    ).commands;
    expect(cmd?.name).toBe('curl');
    expect(cmd?.wrappers).toEqual(['sudo', 'env', 'nice', 'timeout', 'nohup']);
    expect(cmd?.assignments.get('FOO')?.text).toBe('1');
  });

  it('resolves variables, defaults, braces and IFS splitting', () => {
    expect(
      flat('D=/etc; cat "$D/hosts" ${NOPE:-x.txt}').commands[1]?.args.map((a) => a.text),
    ).toEqual(['/etc/hosts', 'x.txt']);
    expect(flat('cat /a/{b,c}.txt').commands[0]?.args.map((a) => a.text)).toEqual([
      '/a/b.txt',
      '/a/c.txt',
    ]);
    expect(names('IFS=,; c=rm,-f,x; $c')).toEqual(['', '', 'rm']);
    // Every element of an array is a word of its own, quoted or not.
    const run = flat('c=(cat ~/.aws/credentials); "${c[@]}"').commands[1];
    expect([run?.name, ...(run?.args.map((a) => a.text) ?? [])]).toEqual([
      'cat',
      '~/.aws/credentials',
    ]);
    expect(flat('x="a b"; echo "$x"').commands[1]?.args.map((a) => a.text)).toEqual(['a b']);
  });

  it('marks what only the running shell knows as dynamic', () => {
    const [cmd] = flat('rm -rf "$1/build"').commands;
    expect(cmd?.args[1]).toMatchObject({ text: '$1/build', dynamic: true });
  });

  it('parses scripts handed to sh -c, eval, ssh, su -c, here-documents and piped text', () => {
    expect(names("sh -c 'a; b'")).toEqual(['sh', 'a', 'b']);
    expect(names('eval "c d"')).toEqual(['eval', 'c']);
    expect(flat("ssh host 'rm -rf x'").commands.map((c) => [c.name, c.origin])).toEqual([
      ['ssh', 'top'],
      ['rm', 'remote'],
    ]);
    expect(names('bash <<EOF\nls\nEOF')).toEqual(['bash', 'ls']);
    expect(names('echo id | sh')).toEqual(['echo', 'sh', 'id']);
  });

  it('computes static output of echo, printf and decoders, and runs what a shell reads from them', () => {
    const commands = flat("printf '%s' bHMgLWxh | base64 -d | bash").commands;
    expect(commands[1]?.staticOutput?.toString()).toBe('ls -la');
    expect(commands.at(-1)?.name).toBe('ls');
  });

  it('follows cd for later relative paths', () => {
    expect(flat('cd /etc && cat passwd').commands[1]?.cwd).toBe('/etc');
    expect(flat('(cd /tmp) && cat x').commands[1]?.cwd).toBe('/home/alice/project');
  });

  it('reports syntax errors and keeps what it could parse', () => {
    const result = flat('rm -rf build (oops');
    expect(result.syntaxErrors.length).toBeGreaterThan(0);
    expect(result.commands[0]?.name).toBe('rm');
  });

  it('stops at a nesting limit and says so', () => {
    let command = 'ls';
    for (let i = 0; i < 10; i++) command = `sh -c ${JSON.stringify(command)}`;
    expect(flat(command).truncated).toBe(true);
  });
});
