// The Shield's commands, for programs that mount them (`parapet shield eval`, `parapet policy check`).
export { defineEvalCommand, definePolicyCheckCommand, type CommandIo, type ShieldCommandHost } from './cli/define.js';
