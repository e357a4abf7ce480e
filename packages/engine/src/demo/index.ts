export { DEMO_HELP, demoReply, parseDemoCommand } from './demo-grammar.js';
export { DEMO_MODEL_NAME, DEMO_PAGE_PATH, demoPageHost, startDemoModel } from './demo-model.js';
