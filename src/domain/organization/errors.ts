import { ConflictError, NotFoundError } from '../shared/errors.js';

export class TenantNotFound extends NotFoundError {
  constructor() {
    super('Tenant not found');
  }
}

export class BranchNotFound extends NotFoundError {
  constructor() {
    super('Branch not found');
  }
}

export class FiscalYearNotFound extends NotFoundError {
  constructor() {
    super('Fiscal year not found');
  }
}

export class WarehouseNotFound extends NotFoundError {
  constructor() {
    super('Warehouse not found');
  }
}

export class DuplicateBranchCode extends ConflictError {
  constructor() {
    super('A branch with this code already exists');
  }
}

export class FiscalYearOverlap extends ConflictError {
  constructor() {
    super('Fiscal year overlaps an existing fiscal year');
  }
}

export class DuplicateFiscalYearCode extends ConflictError {
  constructor() {
    super('A fiscal year with this code already exists');
  }
}
