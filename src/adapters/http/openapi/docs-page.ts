import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router, type Response } from 'express';
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';

/**
 * The page's own files (the browser script that signs "try it" requests, its stylesheet), kept
 * beside this module: `npm run build` copies them next to the compiled module.
 */
function ownAssetsDir(): string {
  const dir = fileURLToPath(new URL('./docs-assets/', import.meta.url));
  if (!existsSync(join(dir, 'docs-client.js'))) throw new Error(`The /docs page's assets are missing from ${dir}`);
  return dir;
}

/**
 * The only files served under `/docs/assets/`: swagger-ui's bundle and stylesheet from the
 * `swagger-ui-dist` package (no CDN), and the page's own script and stylesheet.
 */
function assetFiles(): Map<string, string> {
  const swaggerUi = getAbsoluteFSPath();
  const own = ownAssetsDir();
  return new Map([
    ['swagger-ui-bundle.js', join(swaggerUi, 'swagger-ui-bundle.js')],
    ['swagger-ui.css', join(swaggerUi, 'swagger-ui.css')],
    ['favicon-32x32.png', join(swaggerUi, 'favicon-32x32.png')],
    ['docs-client.js', join(own, 'docs-client.js')],
    ['docs.css', join(own, 'docs.css')],
  ]);
}

/**
 * Scripts and stylesheets from this origin only, and no inline script: the page's set-up is in
 * `docs-client.js`. swagger-ui sets element styles from script (allowed), and the "try it"
 * requests go to this origin only. Inline `style` attributes are still refused.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function setPageHeaders(res: Response): void {
  res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
}

/** The page: `documentUrl` is where swagger-ui loads the OpenAPI document from. */
const page = (documentUrl: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Inventory and Billing External API: documentation</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/docs.css">
</head>
<body>
<section id="credentials" aria-label="Credentials" data-openapi-url="${encodeURI(documentUrl)}">
<h2>Credentials</h2>
<p>Kept in this page's memory only: the page signs each "Try it out" request itself (Web Crypto) and never sends the client secret or stores it. Reloading the page forgets them.</p>
<div class="fields">
<label>Client id <input id="client-id" type="text" autocomplete="off" spellcheck="false"></label>
<label>Client secret <input id="client-secret" type="password" autocomplete="off" spellcheck="false"></label>
<label>API key (optional) <input id="api-key" type="password" autocomplete="off" spellcheck="false"></label>
<label class="check"><input id="sign-reads" type="checkbox"> Send <code>x-signature</code> (required on GET when the integration has signed reads)</label>
<label>Admin token (back office) <input id="admin-token" type="password" autocomplete="off" spellcheck="false"></label>
</div>
<p id="signing-status" role="status"></p>
</section>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs-client.js"></script>
</body>
</html>
`;

/**
 * `GET /docs`: interactive documentation of the OpenAPI document at `documentUrl` (swagger-ui, served
 * from the `swagger-ui-dist` package), without authentication. A credentials
 * panel keeps the integration's client id and secret in the page; `docs-client.js` signs each
 * request to the external API in the browser, so the secret never leaves it.
 */
export function createDocsRouter(documentUrl: string): Router {
  const html = page(documentUrl);
  const files = assetFiles();
  const router = Router();
  router.get('/docs', (_req, res) => {
    setPageHeaders(res);
    res.type('html').send(html);
  });
  router.get('/docs/assets/:file', (req, res, next) => {
    const file = files.get(req.params.file);
    if (!file) {
      next();
      return;
    }
    setPageHeaders(res);
    res.sendFile(file, { maxAge: '1h' });
  });
  return router;
}
