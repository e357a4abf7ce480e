import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultConfigYaml, loadConfig } from '@parapet/engine/client';
import { homePaths } from './paths.js';
import { WORKSPACE_FILES } from './workspace-defaults.js';

export interface InitOptions {
  /** Canonical absolute `$PARAPET_HOME`. */
  readonly home: string;
  /** Absolute workspace chosen with `--workspace`; default: what config.yaml says. */
  readonly workspace?: string;
}

export interface InitStep {
  readonly path: string;
  readonly action: 'created' | 'kept';
}

export interface InitReport {
  readonly workspace: string;
  readonly steps: readonly InitStep[];
  /** Set when `--workspace` differs from an existing config.yaml, which init never rewrites. */
  readonly note?: string;
}

/** The default config, with the chosen workspace recorded so later starts use it too. */
function configText(workspace: string | undefined): string {
  const text = defaultConfigYaml();
  if (workspace === undefined) return text;
  // JSON strings are valid YAML scalars, so any path is quoted correctly.
  const line = `workspace: ${JSON.stringify(workspace)}`;
  const commented = /^# workspace:.*$/m;
  return commented.test(text) ? text.replace(commented, line) : `${text}\n${line}\n`;
}

/** Writes `content` unless the file exists; never overwrites the user's edits. */
async function createOnce(path: string, content: string, mode: number): Promise<InitStep> {
  try {
    await writeFile(path, content, { flag: 'wx', mode });
    return { path, action: 'created' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { path, action: 'kept' };
    throw error;
  }
}

async function ensureFolder(path: string, mode: number): Promise<InitStep> {
  const existed = existsSync(path);
  await mkdir(path, { recursive: true, mode });
  return { path, action: existed ? 'kept' : 'created' };
}

/** Creates `$PARAPET_HOME` (0700), config.yaml and a workspace with default files; idempotent. */
export async function initHome(options: InitOptions): Promise<InitReport> {
  const paths = homePaths(options.home);
  const steps: InitStep[] = [await ensureFolder(options.home, 0o700)];
  steps.push(await createOnce(paths.configPath, configText(options.workspace), 0o600));

  const overrides = { demo: true, ...(options.workspace !== undefined ? { workspace: options.workspace } : {}) };
  const workspace = loadConfig({ home: options.home, env: {}, overrides }).workspace;
  const configured = loadConfig({ home: options.home, env: {}, overrides: { demo: true } }).workspace;
  const note =
    configured === workspace
      ? undefined
      : `config.yaml already names the workspace ${configured}; pass --workspace ${workspace} to \`parapet start\` as well, or edit config.yaml`;

  steps.push(await ensureFolder(workspace, 0o755));
  for (const file of WORKSPACE_FILES) steps.push(await createOnce(join(workspace, file.name), file.content, 0o644));
  return { workspace, steps, ...(note ? { note } : {}) };
}
