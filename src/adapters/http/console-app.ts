import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { RouteNotFound, ServiceUnavailable } from './http-errors.js';

/** Where the console is served. */
export const CONSOLE_PATH = '/console';

/**
 * The console's CSP: everything from this origin, no inline script (the built page loads one
 * hashed module and nothing else). `style-src` allows inline styles because emotion, which
 * MUI and react-admin style with, inserts `<style>` elements at run time; scripts stay strict.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Hashed asset names Vite writes (`index-B1x2y3.js`): a name, never a path. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * The console's build output, `packages/console/dist`, found from this module: three folders up
 * from `src/adapters/http/` (run from sources), four from `dist/src/adapters/http/` (compiled).
 */
export function defaultConsoleDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (existsSync(join(dir, 'packages', 'console', 'package.json'))) return join(dir, 'packages', 'console', 'dist');
    dir = dirname(dir);
  }
  return join(process.cwd(), 'packages', 'console', 'dist');
}

function setConsoleHeaders(res: Response): void {
  res.setHeader('content-security-policy', CONSOLE_CSP);
  res.setHeader('x-content-type-options', 'nosniff');
  // Not `no-referrer`: with it a browser sends `Origin: null` on same-origin POSTs, which the
  // admin API's cross-site check refuses.
  res.setHeader('referrer-policy', 'same-origin');
  res.setHeader('x-frame-options', 'DENY');
}

/**
 * `GET /console` and every path under it: the back-office console (packages/console, built by
 * `npm run build`). Hashed files under `/console/assets/` are cached for a year; every other
 * path answers the application's `index.html` (its client-side routes), revalidated each time.
 * Without a build, 503 saying how to make one.
 */
export function createConsoleRouter(distDir: string = defaultConsoleDir()): Router {
  const indexFile = join(distDir, 'index.html');
  const assetsDir = join(distDir, 'assets');
  const router = Router();

  router.use(CONSOLE_PATH, (_req, res, next) => {
    setConsoleHeaders(res);
    next();
  });

  const sendIndex = (_req: Request, res: Response, next: NextFunction) => {
    let html: string;
    try {
      html = readFileSync(indexFile, 'utf8');
    } catch {
      next(new ServiceUnavailable('The console is not built: run `npm run build` (or `npm start`, which builds it)'));
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.type('html').send(html);
  };

  router.get(`${CONSOLE_PATH}/assets/:file`, (req, res, next) => {
    const file = req.params.file;
    if (!ASSET_NAME.test(file) || !existsSync(join(assetsDir, file))) {
      next(
        existsSync(indexFile)
          ? new RouteNotFound()
          : new ServiceUnavailable('The console is not built: run `npm run build`'),
      );
      return;
    }
    res.sendFile(file, { root: assetsDir, dotfiles: 'deny', maxAge: '1y', immutable: true }, (err) => {
      if (err && !res.headersSent) next(new RouteNotFound());
    });
  });
  router.get(CONSOLE_PATH, sendIndex);
  router.get(`${CONSOLE_PATH}/*path`, sendIndex);
  return router;
}
