import { echoInput } from '@parapet/wire';
import { formatIssues } from '@parapet/shield/schema-issues';
import { findTool } from '../tools/catalog.js';
import { LOAD_TOOLS } from '../tools/meta.js';
import { halt, proceed, type Stage } from './types.js';

const MAX_ISSUES_SHOWN = 3;

/** The tool exists, is loaded this turn, and its arguments are a JSON object matching its schema. */
export const parseStage: Stage = (context) => {
  const { toolName, argumentsJson, loadedGroups } = context.proposal;
  if (toolName === LOAD_TOOLS) {
    return halt('parse', 'INVALID_ARGUMENT', 'load_tools is answered by the agent from the engine\'s tool definitions; it is not an action');
  }
  const tool = findTool(toolName);
  if (!tool) return halt('parse', 'TOOL_UNKNOWN', `unknown tool ${echoInput(toolName)}`);
  if (!loadedGroups.has(tool.group)) {
    return halt(
      'parse',
      'TOOL_NOT_LOADED',
      `${tool.name} is in the "${tool.group}" group, which is not loaded in this turn: call load_tools with {"groups":["${tool.group}"]} first`,
    );
  }
  let raw: unknown;
  try {
    // Some models send an empty string for a call without arguments.
    raw = JSON.parse(argumentsJson.trim() === '' ? '{}' : argumentsJson);
  } catch (error) {
    return halt('parse', 'TOOL_ARGUMENTS_INVALID', `${tool.name}: arguments are not valid JSON (${(error as Error).message})`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return halt('parse', 'TOOL_ARGUMENTS_INVALID', `${tool.name}: arguments must be a JSON object`);
  }
  const parsed = tool.schema.safeParse(raw);
  if (!parsed.success) {
    const problems = formatIssues(parsed.error.issues).slice(0, MAX_ISSUES_SHOWN).join('; ');
    return halt('parse', 'TOOL_ARGUMENTS_INVALID', `${tool.name}: ${problems}`);
  }
  return proceed({ ...context, tool, args: Object.freeze({ ...parsed.data }) });
};
