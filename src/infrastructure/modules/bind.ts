import type { Container, ContainerModuleLoadOptions } from 'inversify';
import type { Token } from '../../application/tokens.js';

/** The `bind` a ContainerModule receives. */
export type Bind = ContainerModuleLoadOptions['bind'];

/** One token per parameter: `Token<Clock>` where the constructor takes a `Clock`. */
export type TokensFor<P extends readonly unknown[]> = { readonly [I in keyof P]: Token<P[I]> };

/**
 * Binds `token` to a singleton built by `factory` from the values of `deps`, in order. The
 * compiler checks that each listed token's type is assignable to the factory's parameter at
 * the same position, and that the factory returns what the token names: a wrong or missing
 * token is a type error, not a failure at start-up.
 */
export function bindFactory<T, P extends unknown[]>(
  bind: Bind,
  token: Token<T>,
  factory: (...args: P) => T,
  deps: NoInfer<TokensFor<P>>,
): void {
  // The compiler has checked `deps` against `factory` above; inversify's own typing of the
  // list cannot follow a generic tuple, so it sees the factory's arguments as unknown.
  bind<T>(token)
    .toResolvedValue((...args: unknown[]) => factory(...(args as P)), [...deps])
    .inSingletonScope();
}

/**
 * Binds a use case (or any class) by its constructor: `bindUseCase(bind, TOKENS.VoidInvoice,
 * VoidInvoice, [TOKENS.UnitOfWork, TOKENS.Clock])`. The token list must match the constructor's
 * parameter types (see `bindFactory`); a parameter that is no token (a note's kind) is bound
 * with `bindFactory` and a closure instead.
 */
export function bindUseCase<T, P extends unknown[]>(
  bind: Bind,
  token: Token<T>,
  UseCase: new (...args: P) => T,
  deps: NoInfer<TokensFor<P>>,
): void {
  bindFactory(bind, token, (...args: P) => new UseCase(...args), deps);
}

/** Binds a fixed value, typed by its token. */
export function bindConstant<T>(bind: Bind, token: Token<T>, value: NoInfer<T>): void {
  bind<T>(token).toConstantValue(value);
}

/**
 * Binds an object of use cases (what one router takes) from one token per field: the field's
 * type and the token's type must agree.
 */
export function bindGroup<G extends object>(
  bind: Bind,
  token: Token<G>,
  fields: { readonly [K in keyof G]: Token<G[K]> },
) {
  const names = Object.keys(fields) as (keyof G & string)[];
  bind<G>(token)
    .toResolvedValue(
      (...values: unknown[]) => Object.fromEntries(names.map((name, i) => [name, values[i]])) as G,
      names.map((name) => fields[name]),
    )
    .inSingletonScope();
}

/** `container.get` typed by the token. */
export function resolve<T>(container: Container, token: Token<T>): T {
  return container.get<T>(token);
}
