import type { BackOfficeUseCases } from '../../application/back-office.js';
import { presentIntegration, presentIssuedApiKey } from '../shared/access-presenters.js';

/** The shape of a command of the CLI's table (admin-cli.ts), for the flags these use. */
interface IdCommand {
  summary: string;
  flags: { id: { type: 'uuid'; required: true; help: string } };
  run(uc: BackOfficeUseCases, v: Record<string, string | number | boolean | undefined>): Promise<unknown>;
}

/**
 * Issue 20's back-office commands (CONTRACT §8): issue or replace an integration's API key
 * (printed this once) and remove it. Kept in their own file so the CLI's rewrite can move
 * them into its command table for the access context.
 */
export const API_KEY_COMMANDS: Record<string, IdCommand> = {
  'integration:issue-api-key': {
    summary: "Issue an integration's API key, or replace it (printed once; the old key stops working)",
    flags: { id: { type: 'uuid', required: true, help: 'integration id' } },
    run: async (uc, v) => presentIssuedApiKey(await uc.issueApiKey.execute(v.id as string)),
  },
  'integration:remove-api-key': {
    summary: "Remove an integration's API key (requests no longer need x-api-key)",
    flags: { id: { type: 'uuid', required: true, help: 'integration id' } },
    run: async (uc, v) => presentIntegration(await uc.removeApiKey.execute(v.id as string)),
  },
};
