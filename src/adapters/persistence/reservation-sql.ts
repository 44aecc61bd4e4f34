import { EXPIRY_MOVE, RESERVATION_STATUSES } from '../../domain/inventory/reservation.machine.js';
import { statusAmong } from './status-sql.js';

/**
 * The SQL forms of a reservation's expiry, shared by the reservation and stock repositories.
 * Each takes the alias of a `reservations` row and binds the time of reading to its one `?`.
 */

/** `r` is past its expiry at the bound time: the domain's `hasExpired` (now >= expiresAt). */
export const pastExpiry = (r: string): string => `${r}.expires_at <= ?`;

/** `r` is stored in a status the machine lets expire (EXPIRY_MOVE.from). */
export const expirable = (r: string): string => statusAmong(`${r}.status`, EXPIRY_MOVE.from, RESERVATION_STATUSES);

/**
 * `r` reads EXPIRED at the bound time (`Reservation.statusAt`) though no sweep has stored that
 * yet, so its items still count in `stock_levels.reserved`. The statuses are literals, so the
 * planner matches the partial indexes `reservations_active_expiry` and `reservations_due`.
 */
export const expiredUnswept = (r: string): string => `${expirable(r)} AND ${pastExpiry(r)}`;
