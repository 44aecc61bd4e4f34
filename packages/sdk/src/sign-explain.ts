import type { PreparedRequest } from './client.js';
import { base64Utf8, bodySigningText, hmacHex, requestLineText } from './signing.js';

/** One signature of a request: where it goes, the exact text it covers, that text's Base64 and the HMAC. */
export interface SignedText {
  /** `signature` (a member of the body) or `x-signature` (a header). */
  part: 'signature' | 'x-signature';
  /** The exact text signed: for a body, the body as the service re-serialises it, without `signature`. */
  text: string;
  /** The Base64 of the text's UTF-8 bytes: the HMAC's message. */
  base64: string;
  /** HMAC-SHA256 of `base64`, keyed with the client secret, lowercase hex: the signature itself. */
  hmac: string;
}

/**
 * Each signature a prepared request carries, worked through as the service checks it: the body
 * is parsed and serialised again (`JSON.stringify`, members in their order, `signature`
 * removed), the request line is `METHOD\n<path with query>\n<x-timestamp>\n<x-nonce>`.
 */
export function signedTexts(req: PreparedRequest, clientSecret: string): SignedText[] {
  const worked = (part: SignedText['part'], text: string): SignedText => {
    const base64 = base64Utf8(text);
    return { part, text, base64, hmac: hmacHex(clientSecret, base64) };
  };
  const texts: SignedText[] = [];
  if (req.body !== undefined) {
    const { signature: _signature, ...unsigned } = JSON.parse(req.body) as Record<string, unknown>;
    texts.push(worked('signature', bodySigningText(unsigned)));
  }
  const timestamp = req.headers['x-timestamp'];
  const nonce = req.headers['x-nonce'];
  if (req.headers['x-signature'] !== undefined && timestamp !== undefined && nonce !== undefined) {
    const pathWithQuery = req.url.slice(req.url.indexOf('/api/v1/external'));
    texts.push(worked('x-signature', requestLineText(req.method, pathWithQuery, timestamp, nonce)));
  }
  return texts;
}

/** `signedTexts` for people: shell comments (`# ...`), so the output can still be run as it is. */
export function explainSignatures(texts: readonly SignedText[]): string {
  if (texts.length === 0) {
    return '# Nothing is signed: a read carries no body signature (--signed-read adds x-signature).\n';
  }
  return texts
    .map((t) =>
      [
        t.part === 'signature'
          ? '# signature: the text signed is the body as the service re-serialises it, without "signature":'
          : '# x-signature: the text signed, as a JSON string (\\n is a newline):',
        `# ${t.part === 'signature' ? t.text : JSON.stringify(t.text)}`,
        '# its Base64 (of the UTF-8 bytes), the HMAC message:',
        `# ${t.base64}`,
        '# HMAC-SHA256 of that Base64, keyed with CLIENT_SECRET, lowercase hex:',
        `# ${t.hmac}`,
      ].join('\n'),
    )
    .join('\n')
    .concat('\n');
}
