import type { DeliveryStatus } from '../../domain/webhooks/delivery.machine.js';
import { WebhookDelivery, type DeliveryAttempt, type WebhookDeliveryState } from '../../domain/webhooks/delivery.js';

export interface WebhookDeliveryRow {
  tenant_id: string;
  id: string;
  integration_id: string;
  event_id: string | null;
  event_name: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  in_flight_slot: number | null;
  lease_owner: string | null;
  lease_token: string | null;
  lease_expires_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  occurred_at: Date;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
}

export interface DeliveryAttemptRow {
  tenant_id: string;
  id: string;
  delivery_id: string;
  started_at: Date;
  duration_ms: number | null;
  status_code: number | null;
  error: string | null;
}

/** Row ↔ WebhookDelivery state. The lease columns are all set (IN_FLIGHT) or all null (a CHECK says so). */
export function toDeliveryState(row: WebhookDeliveryRow): WebhookDeliveryState {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    integrationId: row.integration_id,
    eventId: row.event_id,
    eventName: row.event_name,
    payload: row.payload,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lease:
      row.in_flight_slot !== null && row.lease_owner && row.lease_token && row.lease_expires_at
        ? {
            slot: row.in_flight_slot,
            owner: row.lease_owner,
            token: row.lease_token,
            expiresAt: row.lease_expires_at,
          }
        : null,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    occurredAt: row.occurred_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deliveredAt: row.delivered_at,
  };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return WebhookDelivery.restore(toDeliveryState(row));
}

export function toDeliveryRow(d: WebhookDelivery): WebhookDeliveryRow {
  const s = d.state();
  return {
    tenant_id: s.tenantId,
    id: s.id,
    integration_id: s.integrationId,
    event_id: s.eventId,
    event_name: s.eventName,
    payload: s.payload,
    status: s.status,
    attempts: s.attempts,
    next_attempt_at: s.nextAttemptAt,
    in_flight_slot: s.lease?.slot ?? null,
    lease_owner: s.lease?.owner ?? null,
    lease_token: s.lease?.token ?? null,
    lease_expires_at: s.lease?.expiresAt ?? null,
    last_status_code: s.lastStatusCode,
    last_error: s.lastError,
    occurred_at: s.occurredAt,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    delivered_at: s.deliveredAt,
  };
}

export function toAttempt(row: DeliveryAttemptRow): DeliveryAttempt {
  return {
    id: row.id,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    error: row.error,
  };
}

export function toAttemptRow(tenantId: string, deliveryId: string, a: DeliveryAttempt): DeliveryAttemptRow {
  return {
    tenant_id: tenantId,
    id: a.id,
    delivery_id: deliveryId,
    started_at: a.startedAt,
    duration_ms: a.durationMs,
    status_code: a.statusCode,
    error: a.error,
  };
}
