import { pick } from '../drive';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every string in a JSON value (ids, enum values, names), to mutate actions with plausible values. */
function stringsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) stringsIn(item, into);
  return into;
}

/** The paths to every leaf of a JSON value (its `type` left alone). */
function leaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length === 0 ? [path] : value.flatMap((item, i) => leaves(item, [...path, i]));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      path.length === 0 && key === 'type' ? [] : leaves(item, [...path, key]),
    );
  }
  return [path];
}

function setAt(value: Json, path: readonly (string | number)[], leaf: Json): Json {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = value.slice();
    copy[head as number] = setAt(copy[head as number] ?? null, rest, leaf);
    return copy;
  }
  const record = (value ?? {}) as Record<string, Json>;
  return { ...record, [head!]: setAt(record[head!] ?? null, rest, leaf) };
}

function getAt(value: Json, path: readonly (string | number)[]): Json {
  let current: Json = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, Json>)[key as string] ?? null;
  }
  return current;
}

/**
 * Random, mostly illegal actions made from legal ones: a leaf changed (a number moved, a string
 * swapped for another seen in the view or for nonsense), an array shortened or lengthened, a field
 * dropped, another action's type, or an action type the game does not have.
 */
export function mutations(
  legal: readonly unknown[],
  view: unknown,
  random: () => number,
  count: number,
): unknown[] {
  const strings = [...stringsIn(view, stringsIn(legal, new Set(['nope', '', 'x'.repeat(40)])))];
  const types = [...new Set(legal.map((action) => (action as { type?: string }).type ?? ''))];
  const out: unknown[] = [{ type: 'noSuchAction' }, {}];
  for (let n = 0; n < count && legal.length > 0; n++) {
    const base = pick(legal, random) as Json;
    const paths = leaves(base);
    const path = paths.length > 0 ? pick(paths, random) : [];
    const leaf = getAt(base, path);
    let changed: Json;
    switch (Math.floor(random() * 6)) {
      case 0:
        changed = setAt(
          base,
          path,
          typeof leaf === 'number' ? leaf + pick([-1, 1, 7, -7], random) : -1,
        );
        break;
      case 1:
        changed = setAt(base, path, pick(strings, random));
        break;
      case 2: {
        // An array one shorter or longer, where the leaf sits in one.
        const parent = path.slice(0, -1);
        const array = getAt(base, parent);
        changed = Array.isArray(array)
          ? setAt(base, parent, random() < 0.5 ? array.slice(1) : [...array, array[0] ?? null])
          : setAt(base, path, null);
        break;
      }
      case 3: {
        const record = { ...(base as Record<string, Json>) };
        const keys = Object.keys(record).filter((key) => key !== 'type');
        if (keys.length > 0) delete record[pick(keys, random)];
        changed = record;
        break;
      }
      case 4:
        changed = { ...(base as Record<string, Json>), type: pick(types, random) };
        break;
      default:
        changed = setAt(base, path, pick([true, 3.5, 'nope', 1e9], random));
    }
    out.push(changed);
  }
  return out;
}
