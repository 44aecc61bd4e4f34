import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { AdminApi } from './admin-api.js';
import type { CliCommand, Flag, FlagValues } from './command.js';
import { accessCommands } from './commands/access.js';
import { billingCommands } from './commands/billing.js';
import { logisticsCommands } from './commands/logistics.js';
import { inventoryCommands } from './commands/inventory.js';
import { organizationCommands } from './commands/organization.js';
import { staffCommands } from './commands/staff.js';
import { webhookCommands } from './commands/webhooks.js';
import { record, table } from './output.js';

/** Every back-office operation, one table per context; each is one admin API call. */
export const COMMANDS: readonly CliCommand[] = [
  ...organizationCommands,
  ...inventoryCommands,
  ...billingCommands,
  ...logisticsCommands,
  ...accessCommands,
  ...webhookCommands,
  ...staffCommands,
];

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** Exit codes: 0 done, 1 refused by the service, 2 usage (bad flags, or input the API's schemas reject). */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

const PARSERS: Record<Exclude<Flag['type'], 'string' | undefined>, (raw: string) => number | boolean> = {
  number: (raw) => {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('It must be a number.');
    return n;
  },
  integer: (raw) => {
    if (!/^-?\d+$/.test(raw.trim())) throw new InvalidArgumentError('It must be an integer.');
    return Number(raw);
  },
  boolean: (raw) => {
    if (raw !== 'true' && raw !== 'false') throw new InvalidArgumentError('It must be true or false.');
    return raw === 'true';
  },
};

function optionOf(flag: Flag): Option {
  const option = new Option(`--${flag.name} <${flag.name}>`, flag.help);
  if (flag.required) option.makeOptionMandatory();
  if (flag.choices) option.choices(flag.choices);
  if (flag.type && flag.type !== 'string') option.argParser(PARSERS[flag.type]);
  return option;
}

interface Chosen {
  command: CliCommand;
  sub: Command;
  values: FlagValues;
  json: boolean;
}

/** The commander program over the command tables; parsing only, the caller runs the chosen command. */
function program(io: CliIo, onChosen: (chosen: Chosen) => void): Command {
  const root = new Command('npm run admin --')
    .usage('<command> [flags]')
    .description('The back office from a shell: each command is one admin API call.')
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({ writeOut: (t) => io.out(t.trimEnd()), writeErr: (t) => io.err(t.trimEnd()) });
  for (const command of COMMANDS) {
    const sub = root.command(command.name).description(command.summary);
    for (const flag of command.flags) sub.addOption(optionOf(flag));
    sub.option('--json', "print exactly the admin API's data, as JSON");
    sub.action((options: Record<string, unknown>) => {
      const values: FlagValues = {};
      for (const option of sub.options) {
        const value = options[option.attributeName()];
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
          values[option.long!.slice(2)] = value;
        }
      }
      onChosen({ command, sub, values, json: options.json === true });
    });
  }
  return root;
}

/** The whole help: every command and its summary (`npm run admin -- help`). */
export function usage(): string {
  return program({ out: () => undefined, err: () => undefined }, () => undefined).helpInformation();
}

/**
 * Parses argv, makes the chosen command's admin API call and prints the result: for people a
 * table (lists) or field/value lines; with `--json` exactly the API's `data`. A usage error
 * prints that command's own usage. Returns the exit code (EXIT).
 */
export async function runAdminCli(argv: string[], api: AdminApi, io: CliIo): Promise<number> {
  if (argv.length === 0) {
    io.err(usage().trimEnd());
    return EXIT.usage;
  }
  let chosen: Chosen | undefined;
  try {
    await program(io, (c) => (chosen = c)).parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw err;
  }
  if (!chosen) return EXIT.ok; // help was printed
  const { command, sub, values, json } = chosen;
  const { status, body } = await api.send(command.request(values));
  if (!body.success) {
    const message = `${body.code ?? `HTTP_${status}`}: ${body.message ?? 'request failed'}`;
    if (status === 400) {
      io.err(`${message}\n\n${sub.helpInformation().trimEnd()}`);
      return EXIT.usage;
    }
    io.err(message);
    return EXIT.refused;
  }
  if (json) io.out(JSON.stringify(body.data, null, 2));
  else if (command.columns) io.out(table(command.columns, Array.isArray(body.data) ? body.data : [], body.pagination));
  else io.out(record(body.data));
  return EXIT.ok;
}
