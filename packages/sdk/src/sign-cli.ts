import { ExternalApiClient } from './client.js';
import { curlCommand } from './curl.js';

const USAGE = `Usage: npm run --silent sign -- [--json] METHOD PATH [BODY]

Signs one request of the external API with CLIENT_ID and CLIENT_SECRET from the environment
(BASE_URL defaults to http://localhost:3000; API_KEY, when the integration has one, is sent as
x-api-key) and prints a curl command that sends it, or with
--json the method, URL, headers and body. PATH is /api/v1/external/... or the part after it;
BODY is the resource's JSON object (nonce, timestamp and signature are added). The request is
valid for 5 minutes and once only (its nonce).

  npm run --silent sign -- GET /api/v1/external/products
  npm run --silent sign -- POST /api/v1/external/products/adjust '{"warehouseId":"...","reason":"Count","items":[...]}'
`;

/** `npm run sign`: a signed request for curl users, no shell tricks needed. Returns the exit code. */
export function runSign(argv: string[], env: NodeJS.ProcessEnv, out: (text: string) => void): number {
  const json = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  if (args.length < 2 || args.length > 3 || args.includes('--help')) {
    out(USAGE);
    return 2;
  }
  const clientId = env.CLIENT_ID?.trim();
  const clientSecret = env.CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) {
    out('CLIENT_ID and CLIENT_SECRET must be set in the environment (npm run seed:demo prints a pair).\n');
    return 2;
  }
  const [method, rawPath, rawBody] = args as [string, string, string | undefined];
  let body: object | undefined;
  if (rawBody !== undefined) {
    try {
      body = JSON.parse(rawBody) as object;
    } catch {
      out('BODY must be JSON, e.g. \'{"name":"Mug"}\'\n');
      return 2;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      out('BODY must be a JSON object\n');
      return 2;
    }
  }
  const path = rawPath.replace(/^\/api\/v1\/external(?=\/|$)/, '') || '/';
  const baseUrl = (env.BASE_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, '');
  const apiKey = env.API_KEY?.trim() || undefined;
  const client = new ExternalApiClient({
    baseUrl,
    clientId,
    clientSecret,
    apiKey,
    signReads: env.SIGN_READS === 'true',
  });
  const prepared = client.prepare(method, path, body);
  out(json ? `${JSON.stringify(prepared, null, 2)}\n` : `${curlCommand(prepared)}\n`);
  return 0;
}
