export { allTools, createToolCatalog, findTool, metaToolDefs, parametersJsonSchema, toolDefsFor, toolGroups } from './catalog.js';
export { FILES_GROUP, FILES_TOOLS } from './files-group.js';
export { HTTP_GROUP, HTTP_METHODS, HTTP_TOOLS } from './http-group.js';
export { MEMORY_ENTRY_MAX_CHARS, MEMORY_GROUP, MEMORY_TOOLS } from './memory-group.js';
export { LOAD_TOOLS, loadToolsSchema } from './meta.js';
export type { PathAccess, PathField, ToolGroupInfo, ToolSpec } from './types.js';
