export { createWebAuth, type WebAuth } from './web-auth.js';
export { DEFAULT_WEB_PORT, startWebServer, type WebServer, type WebServerOptions } from './web-server.js';
export { webDistFolder } from './static-assets.js';
