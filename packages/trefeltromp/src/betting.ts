/**
 * Betting (F8–F10) and pots (F11), as pure functions of what every player can see: the game
 * validates with them and `legalActions` offers with them, so the two cannot disagree.
 */
import type { Pot } from './state';
import type { Structure } from './settings';

/** What a call looks like to anyone at the table. */
export interface Table {
  readonly structure: Structure;
  readonly stacks: readonly number[];
  /** Went all-in in this hand (stays so until the hand ends). */
  readonly allIn: readonly boolean[];
  readonly bets: readonly number[];
  /** In the hand and not folded. */
  readonly live: readonly boolean[];
  readonly stayed: readonly boolean[];
  readonly privileged: readonly boolean[];
  readonly acted: readonly boolean[];
  readonly facedAt: readonly (number | null)[];
  readonly highest: number;
  readonly raiseSize: number;
  readonly fullRaises: number;
  /** Every pot's chips (the bets of this call not included). */
  readonly potTotal: number;
}

export interface Wager {
  readonly kind: 'bet' | 'raise';
  /** Totals ("to") this call that are allowed, from min to max. */
  readonly min: number;
  readonly max: number;
}

export interface Options {
  readonly check: boolean;
  /** The chips a call puts in (less than the amount to call when all-in), or null. */
  readonly call: number | null;
  readonly stay: boolean;
  readonly wager: Wager | null;
}

/** F8: a seat that can still act in this call: in, not all-in, not stayed. */
export function canAct(t: Table, seat: number): boolean {
  return t.live[seat] === true && (t.stacks[seat] ?? 0) > 0 && !t.allIn[seat] && !t.stayed[seat];
}

/** The options of the seat whose turn it is (F8, F9, F10, F16). */
export function optionsFor(t: Table, seat: number): Options {
  const own = t.bets[seat] ?? 0;
  const stack = t.stacks[seat] ?? 0;
  const toCall = t.highest - own;
  const allIn = own + stack;
  const inHand = t.live.filter(Boolean).length;
  const reopened =
    toCall === 0 || !t.acted[seat] || t.highest - (t.facedAt[seat] ?? 0) >= t.raiseSize;
  const capped = t.structure === 'fixed-limit' && t.fullRaises >= 4 && inHand > 2;
  let wager: Wager | null = null;
  if (stack > toCall && reopened && !capped) {
    const minTo = t.highest + t.raiseSize;
    const pot = t.potTotal + t.bets.reduce((a, b) => a + b, 0);
    const maxTo =
      t.structure === 'fixed-limit'
        ? minTo
        : t.structure === 'pot-limit'
          ? Math.max(minTo, t.highest + (pot + t.highest - own))
          : allIn;
    wager = {
      kind: t.highest === 0 ? 'bet' : 'raise',
      min: Math.min(minTo, allIn),
      max: Math.min(maxTo, allIn),
    };
  }
  return {
    check: toCall === 0,
    call: toCall > 0 ? Math.min(toCall, stack) : null,
    stay: toCall > 0 && t.privileged[seat] === true,
    wager,
  };
}

/** Whether the call is over: every seat able to act has acted and matched the highest (F8). */
export function callComplete(t: Table): boolean {
  return t.live.every(
    (_, s) => !canAct(t, s) || (t.acted[s] === true && (t.bets[s] ?? 0) === t.highest),
  );
}

/** F10: the part of the highest contribution nobody matched, and whose it is. */
export function uncalled(bets: readonly number[]): { seat: number; amount: number } | null {
  let top = -1;
  let second = 0;
  let owner = -1;
  bets.forEach((bet, seat) => {
    if (bet > top) {
      second = Math.max(second, top);
      top = bet;
      owner = seat;
    } else if (bet > second) second = bet;
  });
  if (owner < 0 || top <= second) return null;
  return { seat: owner, amount: top - second };
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * F11: cuts a call's contributions (folded players' included) into layers at each distinct
 * contribution of the players still in; a layer joins the pot with the same eligible seats, or
 * becomes a new pot after the others. `extra` (the carry-over) joins the first layer.
 */
export function addLayers(
  pots: readonly Pot[],
  bets: readonly number[],
  live: readonly boolean[],
  extra = 0,
): Pot[] {
  const result = pots.map((p) => ({ amount: p.amount, eligible: [...p.eligible] }));
  const levels = [...new Set(bets.filter((b, s) => live[s] && b > 0))].sort((a, b) => a - b);
  let below = 0;
  let carry = extra;
  levels.forEach((level, i) => {
    const top = i === levels.length - 1 ? Infinity : level;
    let amount = carry;
    carry = 0;
    for (const bet of bets) amount += Math.max(0, Math.min(bet, top) - below);
    const eligible = live.flatMap((l, s) => (l && (bets[s] ?? 0) >= level ? [s] : []));
    const same = result.find((p) => sameSet(p.eligible, eligible));
    if (same) same.amount += amount;
    else result.push({ amount, eligible });
    below = level;
  });
  if (carry > 0) {
    // No layer at all (nobody still in put anything in): the chips go to the main pot.
    const main = result[0];
    if (main) main.amount += carry;
    else result.push({ amount: carry, eligible: live.flatMap((l, s) => (l ? [s] : [])) });
  }
  return result;
}

/**
 * F11 after a fold or a call: folded seats leave every pot; a pot nobody is eligible for any more
 * goes to everyone still in; pots with equal sets merge in the earlier one's place. When the call
 * ends (`payAlone`), a pot with exactly one eligible seat is paid to it: not on the fold itself,
 * or §13's orphaned pot (both of its players fold in one call) could never arise.
 */
export function settlePots(
  pots: readonly Pot[],
  live: readonly boolean[],
  payAlone: boolean,
): { pots: Pot[]; paid: { seat: number; amount: number }[] } {
  const everyone = live.flatMap((l, s) => (l ? [s] : []));
  const merged: { amount: number; eligible: number[] }[] = [];
  for (const pot of pots) {
    let eligible = pot.eligible.filter((s) => live[s]);
    if (eligible.length === 0) eligible = everyone;
    const same = merged.find((p) => sameSet(p.eligible, eligible));
    if (same) same.amount += pot.amount;
    else merged.push({ amount: pot.amount, eligible });
  }
  const paid: { seat: number; amount: number }[] = [];
  const kept = merged.filter((pot) => {
    if (pot.amount === 0) return false;
    if (!payAlone || pot.eligible.length !== 1) return true;
    paid.push({ seat: pot.eligible[0]!, amount: pot.amount });
    return false;
  });
  return { pots: kept, paid };
}
