/**
 * The contract test kit: what every game module must satisfy, as vitest tests a module's package
 * runs against itself (`describeGameModule(module, hooks)`). It plays seeded bot games over the
 * cases the module names, with timers running out now and then, and checks the boundary the
 * platform relies on: replay, plain JSON, schemas, fast paths, redaction (non-interference and
 * search), legality and stable refusals on frozen input, stand-ins, ends within a bound,
 * verification, and purity.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replay } from '../log';
import type { GameRecord } from '../log';
import type { AnyGameModule, BotLevel, Viewer } from '../module';
import { verifyGame } from '../verify';
import { deepFreeze, drive, isLegal, pick, seededRandom, viewersOf } from '../drive';
import type { DrivenGame, DrivenStep } from '../drive';
import { mutations } from './mutate';

export interface ContractCase {
  readonly name: string;
  readonly settings: unknown;
  readonly seatCount: number;
  readonly levels?: readonly BotLevel[];
}

export interface ContractHooks<S = unknown> {
  /** Host options and seat counts to play (each is played `games` times with other seeds). */
  readonly cases: readonly ContractCase[];
  readonly games?: number;
  /** The proven bound on a game's (or a session's, up to its close) number of actions. */
  maxActions(settings: unknown, seatCount: number): number;
  /**
   * States the viewer cannot tell from `state`: what the viewer may not know, changed (hidden
   * cards moved, hidden orders changed). Empty when the viewer knows everything now.
   */
  indistinguishable(state: S, viewer: Viewer, random: () => number): S[];
  /** Strings that may not appear in anything this viewer receives now: hidden ids, secrets. */
  secretsFor(state: S, viewer: Viewer): readonly string[];
  /** Recomputes the commitments a state declares (hashes of hidden data) after a change. */
  recommit?(state: S): S;
  /**
   * A view without the commitment fields the module declares (published hashes of hidden data,
   * such as TrumPen's write commitments): such a hash changes with what it hides, by design, so
   * non-interference compares views with these fields left out (their hiding rests on secret
   * salts, which the search check keeps out of every view).
   */
  withoutCommitments?(view: unknown): unknown;
  /** The game's own invariants (cards or chips conserved, hand sizes, scores add up). */
  invariants?(state: S): readonly string[];
  /** Sessions: actions after which the host closes the table. */
  readonly closeAfter?: number;
  /**
   * Whether a game drew anything from its key (absent: every game does). One that drew nothing
   * (TrumPen Speed with two seats and no stand-in) replays the same under any nonce, so a changed
   * nonce cannot show in it, nor change anything.
   */
  drewRandomness?(settings: unknown, seatCount: number, log: readonly unknown[]): boolean;
}

/** How often the heavier checks look at a step: every step of short games, a sample of long ones. */
const SAMPLE_EVERY = 3;

function json(value: unknown): string {
  return JSON.stringify(value);
}

/** Every string anywhere in a JSON value, keys included: what a search for a secret looks through. */
function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      stringsIn(item, into);
    }
  }
  return into;
}

function recordOf(game: DrivenGame): GameRecord {
  return {
    settings: game.settings,
    seatCount: game.seatCount,
    randomness: game.randomness,
    log: game.log,
  };
}

export function describeGameModule<S>(module: AnyGameModule, hooks: ContractHooks<S>): void {
  const gamesPerCase = hooks.games ?? 2;
  let driven: { name: string; game: DrivenGame<S> }[] | null = null;
  const games = (): { name: string; game: DrivenGame<S> }[] => {
    driven ??= hooks.cases.flatMap((kase, c) =>
      Array.from({ length: gamesPerCase }, (_, g) => {
        const seed = 1000 + 37 * c + g;
        const game = drive(module, kase.settings, kase.seatCount, {
          levels: kase.levels ?? module.botLevels,
          seed,
          timeoutChance: g % 2 === 0 ? 0.04 : 0,
          maxActions: hooks.maxActions(kase.settings, kase.seatCount),
          closeAfter: hooks.closeAfter ?? 400,
          seatChangeChance: 0.15,
        }) as DrivenGame<S>;
        return { name: `${kase.name}, seed ${seed}`, game };
      }),
    );
    return driven;
  };
  const sampled = (game: DrivenGame<S>): DrivenStep<S>[] =>
    game.steps.filter((_, i) => i % SAMPLE_EVERY === 0 || i === game.steps.length - 1);

  describe(`game module contract: ${module.id}`, () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('declares itself: id, title, seats, settings that parse, bot levels, refusal codes', () => {
      expect(module.id).toMatch(/^[a-z0-9-]+$/);
      expect(module.title.length).toBeGreaterThan(0);
      expect(module.seats.min).toBeGreaterThanOrEqual(1);
      expect(module.seats.max).toBeGreaterThanOrEqual(module.seats.min);
      expect(module.settingsSchema.parse(module.defaultSettings)).toEqual(module.defaultSettings);
      expect(module.botLevels).toContain('random');
      expect(module.botLevels).toContain(module.standInLevel);
      for (const [code, message] of Object.entries(module.errors)) {
        expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
        expect(typeof message).toBe('string');
      }
    });

    it('creates a game for every seat count it allows, and refuses the others with a stable code', () => {
      const settings = module.defaultSettings;
      for (let seats = module.seats.min; seats <= module.seats.max; seats++) {
        const created = module.create(
          settings,
          seats,
          module.exampleRandomness(settings, seats, seats),
        );
        expect(created.ok, `${seats} seats`).toBe(true);
      }
      for (const seats of [module.seats.min - 1, module.seats.max + 1, 2.5]) {
        const randomness = module.exampleRandomness(settings, module.seats.min, 1);
        const created = module.create(settings, seats, randomness);
        expect(created.ok, `${seats} seats`).toBe(false);
        if (!created.ok) expect(Object.keys(module.errors)).toContain(created.error.code);
      }
      const bad = module.create(settings, module.seats.min, {
        gameId: 'g',
        secrets: [],
        nonces: [],
      });
      expect(bad.ok).toBe(false);
    });

    it('plays every case to its end by its end rule, within the proven bound', () => {
      for (const { name, game } of games()) {
        expect(module.result(game.final), name).not.toBeNull();
        expect(game.steps.length, name).toBeLessThanOrEqual(
          hooks.maxActions(game.settings, game.seatCount),
        );
        expect(module.pendingSeats(game.final), name).toEqual([]);
      }
    });

    it('bumps the version by one with every accepted action', () => {
      for (const { name, game } of games()) {
        for (const step of game.steps) {
          expect(module.version(step.after), name).toBe(module.version(step.before) + 1);
        }
      }
    });

    it('replays every game from its log exactly, events included', () => {
      for (const { name, game } of games()) {
        const replayed = replay(module, recordOf(game));
        expect(replayed.ok, name).toBe(true);
        if (!replayed.ok) continue;
        expect(json(replayed.value.state), name).toBe(json(game.final));
        const events = replayed.value.batches.slice(1).map((batch) => json(batch.events));
        expect(events, name).toEqual(game.steps.map((step) => json(step.events)));
      }
    });

    it('keeps states, views and events plain JSON, and a snapshot continues the game', () => {
      for (const { name, game } of games()) {
        for (const step of sampled(game)) {
          expect(JSON.parse(json(step.after)), name).toStrictEqual(step.after);
          for (const viewer of viewersOf(game.seatCount)) {
            const view = module.viewFor(step.after, viewer);
            expect(JSON.parse(json(view)), name).toStrictEqual(view);
            const events = step.events.map((e) => module.eventFor(e, viewer));
            expect(JSON.parse(json(events)), name).toStrictEqual(events);
          }
        }
        const middle = Math.floor(game.steps.length / 2);
        const snapshot = module.readSnapshot(JSON.parse(json(game.steps[middle]!.after)));
        expect(snapshot, name).not.toBeNull();
        let state = snapshot;
        for (const entry of game.log.slice(middle + 1)) {
          const step = module.apply(state, entry.seat, entry.action, entry.at);
          expect(step.ok, name).toBe(true);
          if (step.ok) state = step.value.state;
        }
        expect(json(state), name).toBe(json(game.final));
        expect(module.readSnapshot({ schemaVersion: -1 })).toBeNull();
      }
    });

    it('sends views and events that fit the wire schemas', () => {
      for (const { name, game } of games()) {
        for (const step of sampled(game)) {
          for (const viewer of viewersOf(game.seatCount)) {
            const view = module.viewFor(step.after, viewer);
            const parsedView = module.viewSchema.safeParse(view);
            expect(parsedView.error?.issues[0], `${name}: view`).toBeUndefined();
            for (const event of step.events) {
              const parsed = module.eventSchema.safeParse(module.eventFor(event, viewer));
              expect(parsed.error?.issues[0], `${name}: event`).toBeUndefined();
            }
          }
        }
      }
    });

    it('builds the same views and events on its fast paths as one by one', () => {
      for (const { name, game } of games()) {
        const viewers = viewersOf(game.seatCount);
        for (const step of sampled(game)) {
          const views = viewers.map((viewer) => json(module.viewFor(step.after, viewer)));
          if (module.viewsFor)
            expect(module.viewsFor(step.after, viewers).map(json), name).toEqual(views);
          if (module.eventsFor) {
            const one = viewers.map((viewer) =>
              json(step.events.map((e) => module.eventFor(e, viewer))),
            );
            expect(module.eventsFor(step.events, viewers).map(json), name).toEqual(one);
          }
          const patches = module.patches;
          if (patches) {
            const made = patches.patchesFor(step.before, step.after, viewers);
            viewers.forEach((viewer, i) => {
              const held = module.viewFor(step.before, viewer);
              expect(json(patches.applyPatch(held, made[i])), `${name}: patch`).toBe(views[i]);
            });
          }
          for (const viewer of viewers) {
            const view = module.viewFor(step.after, viewer);
            expect(module.viewHead(view).version, name).toBe(module.version(step.after));
          }
        }
      }
    });

    // Only a game with private drafts has this test (none is registered as skipped).
    if (module.drafts !== undefined)
      it('private drafts: an edit changes only its own seat’s view, with no version step and no event', () => {
        let edits = 0;
        const failures: string[] = [];
        for (const { name, game } of games()) {
          const random = seededRandom(11 + game.steps.length);
          for (const step of sampled(game)) {
            const state = step.after;
            if (module.result(state) !== null || module.drafts!.step(state) === null) continue;
            for (const seat of module.pendingSeats(state)) {
              const legal = module.legalActions(module.viewFor(state, seat));
              const drafts = legal.spaces
                .map((space: { sample(r: () => number): unknown }) => space.sample(random))
                .filter((action: unknown) => module.drafts!.isDraft(action));
              for (const action of drafts) {
                const result = module.apply(state, seat, action);
                if (!result.ok) {
                  failures.push(`${name}: seat ${seat}'s draft refused (${result.error.code})`);
                  continue;
                }
                edits++;
                const after = result.value.state;
                if (module.version(after) !== module.version(state))
                  failures.push(`${name}: a draft took a version step`);
                if (result.value.events.length > 0)
                  failures.push(`${name}: a draft emitted events`);
                if (module.drafts!.step(after) !== module.drafts!.step(state))
                  failures.push(`${name}: a draft changed the writing step`);
                for (const viewer of viewersOf(game.seatCount)) {
                  if (viewer === seat) continue;
                  if (json(module.viewFor(after, viewer)) !== json(module.viewFor(state, viewer)))
                    failures.push(`${name}: viewer ${viewer} sees seat ${seat}'s draft change`);
                }
              }
            }
          }
        }
        expect(failures.slice(0, 5)).toEqual([]);
        expect(edits).toBeGreaterThan(0);
      });

    it('redaction by non-interference: what a viewer may not know can change without their view changing', () => {
      let alterations = 0;
      const failures: string[] = [];
      for (const { name, game } of games()) {
        const random = seededRandom(game.steps.length);
        for (const step of sampled(game)) {
          for (const viewer of viewersOf(game.seatCount)) {
            const shown = (view: unknown) =>
              json(hooks.withoutCommitments ? hooks.withoutCommitments(view) : view);
            const seen = shown(module.viewFor(step.after, viewer));
            for (const other of hooks.indistinguishable(step.after, viewer, random)) {
              alterations++;
              const changed = hooks.recommit ? hooks.recommit(other) : other;
              if (json(changed) === json(step.after))
                failures.push(`${name}: an alteration that changes nothing`);
              else if (shown(module.viewFor(changed, viewer)) !== seen)
                failures.push(
                  `${name}, version ${module.version(step.after)}: viewer ${viewer} sees the change`,
                );
            }
          }
        }
      }
      expect(failures.slice(0, 5)).toEqual([]);
      // A check that never ran proves nothing.
      expect(alterations).toBeGreaterThan(0);
    });

    it('redaction by search: no hidden id or secret in any view or event a viewer receives', () => {
      let searched = 0;
      const leaks: string[] = [];
      // Each state's secrets per viewer, computed once: a step's "after" is the next one's "before".
      const cache = new WeakMap<object, Map<Viewer, readonly string[]>>();
      const secretsOf = (state: S, viewer: Viewer): readonly string[] => {
        let byViewer = cache.get(state as object);
        if (!byViewer)
          cache.set(state as object, (byViewer = new Map<Viewer, readonly string[]>()));
        let secrets = byViewer.get(viewer);
        if (!secrets) byViewer.set(viewer, (secrets = hooks.secretsFor(state, viewer)));
        return secrets;
      };
      for (const { name, game } of games()) {
        game.steps.forEach((step, i) => {
          for (const viewer of viewersOf(game.seatCount)) {
            const after = new Set(secretsOf(step.after, viewer));
            if (i % SAMPLE_EVERY === 0) {
              const view = stringsIn(module.viewFor(step.after, viewer));
              for (const secret of after) {
                searched++;
                if (view.has(secret)) leaks.push(`${name}: ${secret} in the view of ${viewer}`);
              }
            }
            // What was hidden before this step and still is after it is in none of its events.
            const still = secretsOf(step.before, viewer).filter((s) => after.has(s));
            const events = stringsIn(step.events.map((e) => module.eventFor(e, viewer)));
            for (const secret of still) {
              if (events.has(secret)) leaks.push(`${name}: ${secret} in an event to ${viewer}`);
            }
          }
        });
      }
      expect(leaks.slice(0, 5)).toEqual([]);
      expect(searched).toBeGreaterThan(0);
    });

    it('accepts every legal action and refuses others with a stable code, its frozen input untouched', () => {
      let accepted = 0;
      let refused = 0;
      const codes = new Set(Object.keys(module.errors));
      for (const { name, game } of games()) {
        const random = seededRandom(7 + game.steps.length);
        for (const step of sampled(game)) {
          const state = deepFreeze(step.after);
          const before = json(state);
          const version = module.version(state);
          // A game with a clock is tried when every seat's waits are over (a view shows no time).
          const at = step.at === undefined ? undefined : step.at + 3_600_000;
          if (module.result(state) !== null) continue;
          for (const seat of module.pendingSeats(state)) {
            const view = module.viewFor(state, seat);
            const legal = module.legalActions(view);
            const listed = legal.actions.slice(0, 30);
            const drawn = legal.spaces.flatMap((space: { sample(r: () => number): unknown }) =>
              [0, 1].map(() => space.sample(random)),
            );
            for (const action of [...listed, ...drawn]) {
              const result = module.apply(state, seat, action, at);
              expect(result.ok, `${name}: seat ${seat} ${json(action)}`).toBe(true);
              // A private draft (module.drafts) takes no version step; every other action one.
              const step = module.drafts?.isDraft(action) ? 0 : 1;
              if (result.ok) expect(module.version(result.value.state)).toBe(version + step);
              accepted++;
            }
            for (const candidate of mutations(legal.actions, view, random, 12)) {
              // The platform parses every action at its boundary: a malformed one never gets here.
              const parsed = module.actionSchema.safeParse(candidate);
              if (!parsed.success) continue;
              const action = parsed.data;
              const result = module.apply(state, seat, action, at);
              if (result.ok) {
                // A mutation may land on another legal action; then it must be one.
                expect(isLegal(module, view, action), `${name}: accepted ${json(action)}`).toBe(
                  true,
                );
                continue;
              }
              refused++;
              const error = result.error;
              expect(codes.has(error.code), `${name}: unknown code ${error.code}`).toBe(true);
              expect(error.message.length).toBeGreaterThan(0);
            }
          }
          // Seats that may not act now, a seat that does not exist, and a system action from a seat.
          const idle = Array.from({ length: game.seatCount }, (_, s) => s).filter(
            (s) => !module.pendingSeats(state).includes(s),
          );
          const anyLegal = module
            .pendingSeats(state)
            .flatMap((s) => module.legalActions(module.viewFor(state, s)).actions.slice(0, 2));
          if (!module.realTime && anyLegal.length > 0 && idle.length > 0) {
            const result = module.apply(state, pick(idle, random), pick(anyLegal, random), at);
            expect(result.ok, `${name}: an idle seat's move`).toBe(false);
            if (!result.ok) refused++;
          }
          for (const [actor, action] of [
            [game.seatCount, anyLegal[0] ?? { type: 'nothing' }],
            [-1, anyLegal[0] ?? { type: 'nothing' }],
            [0, { type: 'abandon' }],
            ['system', { type: 'timeout', key: 'no-such-timer', standIn: [] }],
          ] as const) {
            const result = module.apply(state, actor, action, at);
            expect(result.ok, `${name}: ${String(actor)} ${json(action)}`).toBe(false);
            if (!result.ok) expect(codes.has(result.error.code)).toBe(true);
          }
          expect(json(state), name).toBe(before);
        }
      }
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });

    it('every running timer’s stand-in ends that timer, and the game goes on from there', () => {
      let timers = 0;
      for (const { name, game } of games()) {
        for (const step of sampled(game)) {
          const timer = module.timer(step.after);
          if (timer === null || module.result(step.after) !== null) continue;
          timers++;
          const standIn = module.standIn(step.after, timer.key, 3);
          const result = module.apply(
            step.after,
            'system',
            { type: 'timeout', key: timer.key, standIn },
            step.at,
          );
          expect(result.ok, `${name}: ${timer.key}`).toBe(true);
          if (result.ok) expect(module.timer(result.value.state)?.key, name).not.toBe(timer.key);
        }
      }
      expect(timers).toBeGreaterThan(0);
    });

    it('keeps its own invariants at every step', () => {
      for (const { name, game } of games()) {
        for (const step of game.steps) {
          expect(hooks.invariants?.(step.after) ?? [], name).toEqual([]);
        }
      }
    });

    it('verifyGame accepts an honest record and rejects altered ones', () => {
      for (const { name, game } of games().slice(0, 3)) {
        const record = recordOf(game);
        const commitments = game.randomness.secrets.map((secret, i) =>
          module.fairness.commitment(game.randomness.gameId, i, secret),
        );
        const replayed = replay(module, record);
        if (!replayed.ok) throw new Error(replayed.error.message);
        const observation = {
          viewer: 0,
          batches: replayed.value.batches.map((batch) => ({
            version: batch.version,
            events: batch.events.map((event) => module.eventFor(event, 0)),
          })),
        };
        expect(verifyGame(module, record, commitments, observation).problems, name).toEqual([]);
        const flip = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;
        const secrets = [...game.randomness.secrets];
        secrets[0] = flip(secrets[0]!);
        const badSecret = { ...record, randomness: { ...record.randomness, secrets } };
        expect(verifyGame(module, badSecret, commitments).ok, name).toBe(false);
        if (hooks.drewRandomness && !hooks.drewRandomness(game.settings, game.seatCount, game.log))
          continue;
        const nonces = [...game.randomness.nonces];
        nonces[0] = flip(nonces[0]!);
        const badNonce = { ...record, randomness: { ...record.randomness, nonces } };
        expect(verifyGame(module, badNonce, commitments, observation).ok, name).toBe(false);
      }
    });

    it('is pure: no Math.random, no clock, the same game twice from the same inputs', () => {
      const kase = hooks.cases[0]!;
      const forbid = (what: string) => () => {
        throw new Error(`the module called ${what}`);
      };
      vi.spyOn(Math, 'random').mockImplementation(forbid('Math.random'));
      vi.spyOn(Date, 'now').mockImplementation(forbid('Date.now'));
      vi.spyOn(performance, 'now').mockImplementation(forbid('performance.now'));
      const options = {
        levels: kase.levels ?? module.botLevels,
        seed: 99,
        timeoutChance: 0.05,
        maxActions: hooks.maxActions(kase.settings, kase.seatCount),
        closeAfter: hooks.closeAfter ?? 400,
        seatChangeChance: 0.15,
      };
      const first = drive(module, kase.settings, kase.seatCount, options);
      const second = drive(module, kase.settings, kase.seatCount, options);
      vi.restoreAllMocks();
      expect(json(first.log)).toBe(json(second.log));
      expect(json(first.final)).toBe(json(second.final));
    });
  });
}
