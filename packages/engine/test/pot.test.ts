/**
 * Pot, the small session test module, passes the contract kit like any game: seats taken, left
 * and given to bots between hands, nonce sets brought in by newcomers, the host closing the
 * table, chips conserved at every step.
 */
import { describe, expect, it } from 'vitest';
import { describeGameModule, pot } from '../src/testing/index';
import type { PotState } from '../src/testing/index';
import { serverNonce } from '../src/index';
import type { Viewer } from '../src/index';

function indistinguishable(state: PotState, viewer: Viewer): PotState[] {
  // While a hand is decided: another seat's hidden card, for another value.
  if (state.phase !== 'decide') return [];
  const seat = state.seats.findIndex((s, i) => i !== viewer && s.card !== null);
  if (seat < 0) return [];
  const card = state.seats[seat]!.card!;
  const seats = state.seats.map((s, i) => (i === seat ? { ...s, card: (card % 13) + 1 } : s));
  return [{ ...state, seats }];
}

describeGameModule<PotState>(pot, {
  cases: [
    { name: '2 seats', settings: pot.defaultSettings, seatCount: 2 },
    { name: '8 seats, ante 3', settings: { ...pot.defaultSettings, ante: 3 }, seatCount: 8 },
  ],
  games: 2,
  closeAfter: 120,
  // The host closes after 120 actions; one hand more at most: seats, ready, showdown, deal.
  maxActions: (_settings, seats) => 120 + 2 * seats + 4,
  indistinguishable,
  secretsFor: (state) => (state.phase === 'over' ? [] : [...state.randomness.secrets]),
  invariants: (state) => {
    const held = state.seats.reduce((sum, s) => sum + s.chips, 0) + state.pot;
    const bought = state.seats.reduce((sum, s) => sum + s.bought, 0);
    return held === bought ? [] : [`${held} chips held, ${bought} bought`];
  },
});

describe('Pot: what the platform relies on of a session', () => {
  const settings = pot.defaultSettings;
  const created = pot.create(settings, 3, pot.exampleRandomness(settings, 3, 1));
  if (!created.ok) throw new Error(created.error.message);
  const start = created.value;

  it('seats change only between hands, and a person taking a seat wants a new nonce set', () => {
    expect(pot.sessions!.seatsOpen(start)).toBe(true);
    const left = pot.apply(start, 'system', { type: 'seat', seat: 2, occupant: null });
    if (!left.ok) throw new Error(left.error.code);
    expect(pot.sessions!.noncesWanted(left.value.state)).toBeNull();
    const joined = pot.apply(left.value.state, 'system', {
      type: 'seat',
      seat: 2,
      occupant: 'human',
    });
    if (!joined.ok) throw new Error(joined.error.code);
    expect(pot.sessions!.noncesWanted(joined.value.state)).toBe(1);
    // The next hand waits for it: no timer runs.
    expect(pot.timer(joined.value.state)).toBeNull();
    const nonces = [0, 1, 2].map((seat) => serverNonce(start.randomness.secrets[0]!, 1, seat));
    const given = pot.apply(joined.value.state, 'system', {
      type: 'nonces',
      epoch: 1,
      nonces,
      hashes: [null, null, null],
    });
    if (!given.ok) throw new Error(given.error.code);
    expect(pot.sessions!.noncesWanted(given.value.state)).toBeNull();
    expect(pot.timer(given.value.state)?.key).toBe('next/0');
  });

  it('the host’s close ends the session after the hand in play', () => {
    const dealt = pot.apply(start, 'system', { type: 'timeout', key: 'next/0', standIn: [] });
    if (!dealt.ok) throw new Error(dealt.error.code);
    expect(pot.sessions!.seatsOpen(dealt.value.state)).toBe(false);
    const closed = pot.apply(dealt.value.state, 'system', { type: 'close' });
    if (!closed.ok) throw new Error(closed.error.code);
    expect(pot.result(closed.value.state)).toBeNull();
    const shown = pot.apply(closed.value.state, 'system', {
      type: 'timeout',
      key: 'decide/1',
      standIn: [],
    });
    if (!shown.ok) throw new Error(shown.error.code);
    expect(pot.result(shown.value.state)).not.toBeNull();
  });
});
