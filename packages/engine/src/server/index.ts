export { startClientServer, type ClientServer, type ClientServerOptions } from './client-server.js';
export { writeClientToken } from './client-token.js';
