import { FiscalYearOverlap, TenantNotFound } from '../../domain/organization/errors.js';
import { newFiscalYear, type FiscalYear } from '../../domain/organization/fiscal-year.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { CreateFiscalYearCommand } from './commands.js';

/**
 * Errors: TenantNotFound, ValidationError, FiscalYearOverlap, DuplicateFiscalYearCode.
 * The overlap check runs under a lock on the tenant row so two parallel creates cannot both
 * pass it; the exclusion constraint in the database is the last word either way.
 */
export class CreateFiscalYear {
  constructor(
    private readonly uow: UnitOfWork<'tenants' | 'fiscalYears'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateFiscalYearCommand, scope?: WriteScope): Promise<FiscalYear> {
    const year = newFiscalYear(this.ids.next(), command.tenantId, command, this.clock.now());
    await this.uow.run(async (r) => {
      if (!(await r.tenants.lock(command.tenantId))) throw new TenantNotFound();
      if (await r.fiscalYears.findOverlapping(year.tenantId, year.startsOn, year.endsOn)) {
        throw new FiscalYearOverlap();
      }
      await r.fiscalYears.add(year);
      return year;
    }, scope);
    return year;
  }
}
