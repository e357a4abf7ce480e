import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StaticAsset {
  readonly body: Buffer;
  readonly contentType: string;
  /** Hashed file names never change content: cache them for good. */
  readonly immutable: boolean;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The built app (`packages/web/dist`), or undefined when it was never built. */
export function webDistFolder(): string | undefined {
  try {
    const index = fileURLToPath(import.meta.resolve('@parapet/web/index.html'));
    return existsSync(index) ? dirname(index) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads every built file once, keyed by URL path. Only these paths are ever served, so no request
 * path reaches the filesystem (no traversal to reason about).
 */
export function loadStaticAssets(folder: string): ReadonlyMap<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const contentType = CONTENT_TYPES[extname(file)];
    if (!contentType) continue;
    const urlPath = `/${relative(folder, file).split(sep).join('/')}`;
    assets.set(urlPath, { body: readFileSync(file), contentType, immutable: urlPath.startsWith('/assets/') });
  }
  const index = assets.get('/index.html');
  if (index) assets.set('/', index);
  return assets;
}
