import type { PreparedRequest } from './client.js';

/** A POSIX shell word: single-quoted, with any `'` closed, escaped and reopened. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A curl command line for a prepared (signed) request that runs as is in sh, bash and zsh on Linux and macOS. */
export function curlCommand(req: PreparedRequest): string {
  const parts = ['curl', '-sS', '-X', req.method, shellQuote(req.url)];
  for (const [name, value] of Object.entries(req.headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (req.body !== undefined) parts.push('--data-raw', shellQuote(req.body));
  return parts.join(' ');
}
