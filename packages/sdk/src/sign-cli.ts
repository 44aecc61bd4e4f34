import { parseArgs } from 'node:util';
import { ExternalApiClient } from './client.js';
import { curlCommand } from './curl.js';
import { explainSignatures, signedTexts } from './sign-explain.js';

const USAGE = `Usage: npm run --silent sign -- [--json] [--explain] [--signed-read] [--nonce N] [--timestamp MS] METHOD PATH [BODY]

Signs one request of the external API with CLIENT_ID and CLIENT_SECRET from the environment
(BASE_URL defaults to http://localhost:3000; API_KEY, when the integration has one, is sent as
x-api-key) and prints a curl command that sends it, or with
--json the method, URL, headers and body. PATH is /api/v1/external/... or the part after it;
BODY is the resource's JSON object (nonce, timestamp and signature are added). The request is
valid for 5 minutes and once only (its nonce).

  --explain       also print each signature's exact signed text, its Base64 and the HMAC
                  (as # comments before the curl command; with --json, as "signed")
  --signed-read   send x-signature on a GET too (integrations with requireSignedReads; also SIGN_READS=true)
  --nonce, --timestamp
                  sign with this nonce and timestamp (milliseconds) instead of fresh ones,
                  e.g. to reproduce the signature of a request already sent

  npm run --silent sign -- GET /api/v1/external/products
  npm run --silent sign -- --signed-read GET '/api/v1/external/products?page=2'
  npm run --silent sign -- --explain POST /api/v1/external/products/adjust '{"warehouseId":"...","reason":"Count","items":[...]}'
`;

const OPTIONS = {
  json: { type: 'boolean' },
  explain: { type: 'boolean' },
  'signed-read': { type: 'boolean' },
  nonce: { type: 'string' },
  timestamp: { type: 'string' },
  help: { type: 'boolean' },
} as const;

type Parsed = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;

/** The command line, or null when it is not one this tool takes. */
function parse(argv: string[]): Parsed | null {
  try {
    const parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const n = parsed.positionals.length;
    return parsed.values.help || n < 2 || n > 3 ? null : parsed;
  } catch {
    return null;
  }
}

/** BODY as a JSON object, or the message saying why it is not one. */
function parseBody(raw: string | undefined): { body?: object; error?: string } {
  if (raw === undefined) return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { error: 'BODY must be JSON, e.g. \'{"name":"Mug"}\'\n' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { error: 'BODY must be a JSON object\n' };
  return { body };
}

/** `--timestamp`: integer milliseconds, or the message saying it is not. */
function parseTimestamp(raw: string | undefined): { timestamp?: number; error?: string } {
  if (raw === undefined) return {};
  return /^\d{1,16}$/.test(raw)
    ? { timestamp: Number(raw) }
    : { error: '--timestamp must be milliseconds since the epoch\n' };
}

/** `npm run sign`: a signed request for curl users, no shell tricks needed. Returns the exit code. */
export function runSign(argv: string[], env: NodeJS.ProcessEnv, out: (text: string) => void): number {
  const parsed = parse(argv);
  if (!parsed) {
    out(USAGE);
    return 2;
  }
  const clientId = env.CLIENT_ID?.trim();
  const clientSecret = env.CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) {
    out('CLIENT_ID and CLIENT_SECRET must be set in the environment (npm run seed:demo prints a pair).\n');
    return 2;
  }
  const [method, rawPath, rawBody] = parsed.positionals as [string, string, string | undefined];
  const { body, error } = parseBody(rawBody);
  const at = parseTimestamp(parsed.values.timestamp);
  if (error || at.error) {
    out(error ?? at.error!);
    return 2;
  }
  const path = rawPath.replace(/^\/api\/v1\/external(?=\/|$)/, '') || '/';
  const client = new ExternalApiClient({
    baseUrl: (env.BASE_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, ''),
    clientId,
    clientSecret,
    apiKey: env.API_KEY?.trim() || undefined,
    signReads: parsed.values['signed-read'] === true || env.SIGN_READS === 'true',
  });
  const prepared = client.prepare(method, path, body, { nonce: parsed.values.nonce, timestamp: at.timestamp });
  const signed = parsed.values.explain ? signedTexts(prepared, clientSecret) : undefined;
  if (parsed.values.json) out(`${JSON.stringify(signed ? { ...prepared, signed } : prepared, null, 2)}\n`);
  else out(`${signed ? explainSignatures(signed) : ''}${curlCommand(prepared)}\n`);
  return 0;
}
