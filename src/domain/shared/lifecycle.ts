import { transition, type AnyStateMachine, type EventObject } from 'xstate';

/**
 * One step of a lifecycle machine used as a pure transition function (no running actor): the
 * snapshot is rebuilt from the stored status, and the result is the next status, or null when
 * the current status does not allow `event`. Each machine file wraps it with its own types.
 */
export function nextStatus<S extends string>(machine: AnyStateMachine, status: S, event: EventObject): S | null {
  const snapshot = machine.resolveState({ value: status, context: {} });
  if (!snapshot.can(event)) return null;
  const [next] = transition(machine, snapshot, event);
  return next.value as S;
}

/**
 * The statuses from which `event` is allowed, asked of the machine. Where a conditional SQL
 * update enforces a transition under concurrency, its `WHERE status IN (...)` comes from here,
 * so the machine stays the one place that decides.
 */
export function statesThatAccept<S extends string>(
  machine: AnyStateMachine,
  statuses: readonly S[],
  event: EventObject,
): S[] {
  return statuses.filter((status) => nextStatus(machine, status, event) !== null);
}
