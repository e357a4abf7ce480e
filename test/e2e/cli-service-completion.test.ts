import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliAlone } from '../harness/cli-only.js';
import { cliBin } from '../harness/parapet.js';

/* A newcomer puts Parapet under systemd and gets tab completion, without reading the source. */

let root: string;
let env: Record<string, string>;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'parapet-service-'));
  const emptyPath = join(root, 'bin');
  mkdirSync(emptyPath);
  // No systemctl on PATH: the test never talks to the machine's real systemd.
  env = { PARAPET_HOME: join(root, 'home with space'), XDG_CONFIG_HOME: join(root, 'xdg'), PATH: emptyPath, USER: 'parapet-test-nobody' };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('parapet service', () => {
  it('install writes a user unit that runs this parapet on this home; status and uninstall see it', async () => {
    const unitPath = join(root, 'xdg', 'systemd', 'user', 'parapet.service');
    const installed = await runCliAlone(['service', 'install'], env);
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain(`wrote ${unitPath}\n`);
    expect(installed.stdout).toContain('next: systemctl --user daemon-reload && systemctl --user enable --now parapet.service\n');
    expect(installed.stdout).toContain('loginctl enable-linger $USER');

    const unit = readFileSync(unitPath, 'utf8');
    const home = `"${join(root, 'home with space')}"`;
    expect(unit).toContain(`Environment=PARAPET_HOME=${home}\n`);
    expect(unit).toContain(`ExecStart=${process.execPath} ${cliBin} --home ${home} start\n`);
    expect(unit).toContain(`EnvironmentFile=-"${join(root, 'home with space', 'service.env')}"\n`);
    expect(unit).toContain('Restart=on-failure\n');
    expect(unit).toContain('[Install]\nWantedBy=default.target\n');

    const status = await runCliAlone(['service', 'status', '--json'], env);
    expect(JSON.parse(status.stdout)).toEqual({ unit: unitPath, installed: true, home, active: 'unknown', linger: false });

    const removed = await runCliAlone(['service', 'uninstall'], env);
    expect(removed.stdout).toContain(`removed ${unitPath}\n`);
    expect(existsSync(unitPath)).toBe(false);
    expect(JSON.parse((await runCliAlone(['service', 'status', '--json'], env)).stdout)).toMatchObject({ installed: false });
  });
});

describe('parapet completion', () => {
  it('bash completes commands, subcommands and options from the real program', async () => {
    const script = await runCliAlone(['completion', 'bash'], env);
    expect(script.code).toBe(0);
    const file = join(root, 'parapet.bash');
    writeFileSync(file, script.stdout);
    const complete = (line: string): string => {
      const probe = `source "$1"; read -ra COMP_WORDS <<< "$2"; [[ "$2" == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _parapet; echo "\${COMPREPLY[*]}"`;
      return execFileSync('bash', ['-c', probe, 'probe', file, line], { encoding: 'utf8' }).trim();
    };
    expect(complete('parapet con')).toBe('config');
    expect(complete('parapet config ').split(' ')).toEqual(['path', 'get', 'set', 'unset', 'validate']);
    expect(complete('parapet --home /x logs --l')).toBe('--level --lines');
    expect(complete('parapet service ')).toBe('install uninstall status');

    const fish = await runCliAlone(['completion', 'fish'], env);
    expect(fish.stdout).toContain("complete -c parapet -n '__fish_seen_subcommand_from config' -a validate");
    expect((await runCliAlone(['completion', 'tcsh'], env)).code).toBe(1);
  });
});
