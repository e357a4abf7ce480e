import type { KnownActionType } from '@parapet/shield';
import type { z } from 'zod';

/** How an action uses a path: reads leave it untouched, writes may change or remove it. */
export type PathAccess = 'read' | 'write';

export interface PathField {
  /** Payload field holding a path (relative to the workspace or absolute). */
  readonly field: string;
  readonly access: PathAccess;
}

/** One tool the model can call: what it is told, how its arguments are checked, what the Shield sees. */
export interface ToolSpec {
  readonly name: string;
  readonly group: string;
  readonly description: string;
  /** Validates (and fills defaults into) the model's arguments; unknown keys are refused. */
  readonly schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  readonly actionType: KnownActionType;
  readonly paths: readonly PathField[];
  /**
   * True only for tools that change nothing when they run (no file, process or network effect): the
   * Shield's verdict on them may be stored together with their result instead of before they run.
   * Absent means the tool may change something.
   */
  readonly readOnly?: true;
}

export interface ToolGroupInfo {
  readonly name: string;
  readonly description: string;
}
