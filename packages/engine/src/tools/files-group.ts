import { z } from 'zod';
import { pathArgument } from './path-argument.js';
import type { ToolGroupInfo, ToolSpec } from './types.js';

export const FILES_GROUP: ToolGroupInfo = {
  name: 'files',
  description: 'Read, write, list, search (grep), copy, move and delete files and folders inside the workspace.',
};

const RELATIVE = 'relative to the workspace root';

/** The `files` group. Every path is resolved and confined to the workspace by the engine. */
export const FILES_TOOLS: readonly ToolSpec[] = [
  {
    name: 'read_file',
    group: FILES_GROUP.name,
    description: 'Read a UTF-8 text file. Long files are truncated.',
    schema: z.strictObject({ path: pathArgument(`File to read, ${RELATIVE}`) }),
    actionType: 'read_file',
    paths: [{ field: 'path', access: 'read' }],
    readOnly: true,
  },
  {
    name: 'write_file',
    group: FILES_GROUP.name,
    description: 'Create or replace a text file with the given content (missing folders are created).',
    schema: z.strictObject({
      path: pathArgument(`File to write, ${RELATIVE}`),
      content: z.string().max(1_048_576, { error: 'content is larger than 1 MiB' }).describe('The complete new content'),
    }),
    actionType: 'write_file',
    paths: [{ field: 'path', access: 'write' }],
  },
  {
    name: 'list_directory',
    group: FILES_GROUP.name,
    description: 'List the entries of a folder (folders end with /).',
    schema: z.strictObject({ path: pathArgument(`Folder to list, ${RELATIVE}; default: the root`).default('.') }),
    actionType: 'list_directory',
    paths: [{ field: 'path', access: 'read' }],
    readOnly: true,
  },
  {
    name: 'search_files',
    group: FILES_GROUP.name,
    description:
      'Find files whose name or content contains the pattern (case-insensitive). Write /regex/ or /regex/i for a regular expression. Results are bounded.',
    schema: z.strictObject({
      pattern: z.string().min(1, { error: 'expected a non-empty pattern' }).max(500).describe('Text or /regex/ to look for'),
      path: pathArgument(`Folder to search, ${RELATIVE}; default: the root`).default('.'),
    }),
    actionType: 'search_files',
    paths: [{ field: 'path', access: 'read' }],
    readOnly: true,
  },
  {
    name: 'delete_file',
    group: FILES_GROUP.name,
    description: 'Delete one file (not a folder).',
    schema: z.strictObject({ path: pathArgument(`File to delete, ${RELATIVE}`) }),
    actionType: 'delete_file',
    paths: [{ field: 'path', access: 'write' }],
  },
  {
    name: 'move_file',
    group: FILES_GROUP.name,
    description: 'Move or rename a file or folder. The destination must not exist yet.',
    schema: z.strictObject({
      source: pathArgument(`What to move, ${RELATIVE}`),
      destination: pathArgument(`Where to move it, ${RELATIVE}`),
    }),
    actionType: 'move_file',
    paths: [
      { field: 'source', access: 'write' },
      { field: 'destination', access: 'write' },
    ],
  },
  {
    name: 'copy_file',
    group: FILES_GROUP.name,
    description: 'Copy one file. An existing destination is replaced only when overwrite is true.',
    schema: z.strictObject({
      source: pathArgument(`File to copy, ${RELATIVE}`),
      destination: pathArgument(`Where the copy goes, ${RELATIVE}`),
      overwrite: z.boolean().default(false).describe('Replace the destination if it exists'),
    }),
    actionType: 'copy_file',
    paths: [
      { field: 'source', access: 'read' },
      { field: 'destination', access: 'write' },
    ],
  },
  {
    name: 'create_directory',
    group: FILES_GROUP.name,
    description: 'Create a folder (and any missing parent folders). An existing folder is left as it is.',
    schema: z.strictObject({ path: pathArgument(`Folder to create, ${RELATIVE}`) }),
    actionType: 'create_directory',
    paths: [{ field: 'path', access: 'write' }],
  },
  {
    name: 'delete_directory',
    group: FILES_GROUP.name,
    description: 'Delete a folder. Without recursive it must be empty; recursive deletes everything in it.',
    schema: z.strictObject({
      path: pathArgument(`Folder to delete, ${RELATIVE}`),
      recursive: z.boolean().default(false).describe('Also delete everything inside the folder'),
    }),
    actionType: 'delete_directory',
    paths: [{ field: 'path', access: 'write' }],
  },
  {
    name: 'grep',
    group: FILES_GROUP.name,
    description:
      'Search file contents for a regular expression (JavaScript syntax), line by line, under a folder. Prints path:line: text. Results are bounded.',
    schema: z.strictObject({
      pattern: z.string().min(1, { error: 'expected a non-empty pattern' }).max(500).describe('Regular expression to look for'),
      path: pathArgument(`Folder or file to search, ${RELATIVE}; default: the root`).default('.'),
      glob: z.string().min(1).max(200).default('*').describe('Only files whose name matches this glob (* and ?), e.g. *.ts; default: all'),
      case_sensitive: z.boolean().default(true).describe('false: ignore letter case'),
    }),
    actionType: 'search_files',
    paths: [{ field: 'path', access: 'read' }],
    readOnly: true,
  },
];
