/**
 * The messenger actions of a controller's methods, typed from the methods themselves: for each
 * name in `Methods`, the action `${Name}:${method}` whose handler is that method's own type.
 * A controller lists the methods it exposes once, as a const array, registers them with
 * `messenger.registerMethodActionHandlers(this, list)` and types its actions from the same list,
 * so a handler cannot drift from its method. (MetaMask's core controllers generate the same
 * types per controller, as *-method-action-types.ts files.)
 */
export type MethodActions<
  Name extends string,
  Controller,
  Methods extends keyof Controller & string,
> = {
  [Method in Methods]: { type: `${Name}:${Method}`; handler: Controller[Method] };
}[Methods];
