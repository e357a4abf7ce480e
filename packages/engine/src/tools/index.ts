export { allTools, createToolCatalog, findTool, metaToolDefs, parametersJsonSchema, toolDefsFor, toolGroups } from './catalog.js';
export { FILES_GROUP, FILES_TOOLS } from './files-group.js';
export { LOAD_TOOLS, loadToolsSchema } from './meta.js';
export type { PathAccess, PathField, ToolGroupInfo, ToolSpec } from './types.js';
