import { z } from 'zod';
import type { ToolGroupInfo, ToolSpec } from './types.js';

export const AGENTS_GROUP: ToolGroupInfo = {
  name: 'agents',
  description: 'Hand a self-contained task to a sub-agent with some of your tool groups; its final answer comes back as the result.',
};

export const SUBAGENT_TASK_MAX_CHARS = 8000;

/** The `agents` group: a sub-agent runs a turn of its own, through the same Shield and pipeline. */
export const AGENTS_TOOLS: readonly ToolSpec[] = [
  {
    name: 'spawn_agent',
    group: AGENTS_GROUP.name,
    description:
      'Run a sub-agent on a task in a session of its own and wait for its final answer. It may use only the tool groups you name (a subset of yours); sub-agents nest at most 3 deep.',
    schema: z.strictObject({
      task: z
        .string()
        .trim()
        .min(1, { error: 'expected a non-empty task' })
        .max(SUBAGENT_TASK_MAX_CHARS, { error: `a task is at most ${SUBAGENT_TASK_MAX_CHARS} characters` })
        .describe('What the sub-agent should do, self-contained: it sees nothing of this conversation'),
      tool_groups: z
        .array(z.string().trim().min(1))
        .max(16)
        .default([])
        .describe('Tool groups the sub-agent may load (each must be one you may load)'),
    }),
    actionType: 'create_agent',
    paths: [],
  },
];
