export type Result<T, E> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** Marks a switch as exhaustive: a new union member becomes a type error here. */
export function exhaustive(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
