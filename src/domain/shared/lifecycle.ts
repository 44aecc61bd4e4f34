import { transition, type AnyStateMachine, type EventObject } from 'xstate';

/**
 * One step of a lifecycle machine used as a pure transition function (no running actor): the
 * snapshot is rebuilt from the stored status, and the result is the next status, or null when
 * the current status does not allow `event`. Each machine file wraps it with its own types.
 */
export function nextStatus<S extends string>(machine: AnyStateMachine, status: S, event: EventObject): S | null {
  // The snapshot's context is always empty, so for an event that is only its type the answer
  // depends on (status, type) alone: asked of the machine once, then remembered.
  const bare = Object.keys(event).length === 1;
  const key = `${status}\u0000${event.type}`;
  const known = bare ? answers(machine).get(key) : undefined;
  if (known !== undefined) return known as S | null;
  const snapshot = machine.resolveState({ value: status, context: {} });
  const next = snapshot.can(event) ? (transition(machine, snapshot, event)[0].value as S) : null;
  if (bare) answers(machine).set(key, next);
  return next;
}

const remembered = new WeakMap<AnyStateMachine, Map<string, string | null>>();

function answers(machine: AnyStateMachine): Map<string, string | null> {
  let map = remembered.get(machine);
  if (!map) remembered.set(machine, (map = new Map()));
  return map;
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

/**
 * What `event` does to the statuses among `among` (all of them by default), asked of the
 * machine: the ones it accepts (a conditional UPDATE's or a sum's `status IN (...)`) and the one
 * status they all move to (an UPDATE's `SET status = ...`). Throws when none accepts the event or
 * they would move to different statuses: such a move is no single statement.
 */
export function statusMoveOf<S extends string>(
  machine: AnyStateMachine,
  statuses: readonly S[],
  event: EventObject,
  among: readonly S[] = statuses,
): { from: readonly S[]; to: S } {
  const from = statesThatAccept(machine, statuses, event).filter((s) => among.includes(s));
  const targets = new Set(from.map((s) => nextStatus(machine, s, event)));
  const [to] = targets;
  if (from.length === 0 || targets.size !== 1 || !to) {
    throw new Error(`${event.type} does not move ${among.join('/')} to a single status`);
  }
  return { from, to };
}
