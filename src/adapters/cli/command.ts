import { userInfo } from 'node:os';
import type { AdminApiRequest } from './admin-api.js';

/** How a flag's text becomes the value sent to the admin API; the API's schemas judge the value. */
export type FlagType = 'string' | 'number' | 'integer' | 'boolean';

export interface Flag {
  /** `tenant` for `--tenant <tenant>`. */
  name: string;
  help: string;
  type?: FlagType;
  required?: boolean;
  /** The only values allowed (checked before the call, listed in the usage). */
  choices?: readonly string[];
}

export type FlagValues = Record<string, string | number | boolean | undefined>;

/**
 * One back-office operation: its flags and the admin API call they make. A command with
 * `columns` returns a list, printed as a table of those fields (or, with `--json`, as the API's
 * `data`).
 */
export interface CliCommand {
  name: string;
  summary: string;
  flags: Flag[];
  request(values: FlagValues): AdminApiRequest;
  columns?: readonly string[];
}

/** Reads a flag the command declared as a string (required ones are always present). */
export function str(values: FlagValues, name: string): string {
  return String(values[name] ?? '');
}

export const pageFlags: Flag[] = [
  { name: 'page', type: 'integer', help: 'page number (default 1)' },
  { name: 'limit', type: 'integer', help: 'page size, 1 to 100 (default 10)' },
];

export const pageQuery = (v: FlagValues) => ({
  page: v.page as number | undefined,
  limit: v.limit as number | undefined,
});

export const byFlag: Flag = { name: 'by', help: 'who decides (default: cli:<os user>)' };

/** Who decided, as kept on the request and the ledger: `--by`, else `cli:<os user>`. */
export function actorOf(values: FlagValues): string {
  if (typeof values.by === 'string') return values.by;
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}
