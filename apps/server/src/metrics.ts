import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics: rooms, sockets, actions and action latency by game, errors by code. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    rooms: new Gauge({
      name: 'trepenta_rooms',
      help: 'Rooms held by this node',
      registers: [registry],
    }),
    sockets: new Gauge({
      name: 'trepenta_sockets',
      help: 'Connected sockets',
      registers: [registry],
    }),
    actions: new Counter({
      name: 'trepenta_actions_total',
      help: 'Game actions applied',
      labelNames: ['kind', 'game'] as const,
      registers: [registry],
    }),
    actionSeconds: new Histogram({
      name: 'trepenta_action_seconds',
      help: 'Time from an action reaching its room to its acknowledgement',
      labelNames: ['game'] as const,
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'trepenta_errors_total',
      help: 'Refused requests by error code',
      labelNames: ['code'] as const,
      registers: [registry],
    }),
    gamesStarted: new Counter({
      name: 'trepenta_games_started_total',
      help: 'Games started',
      labelNames: ['game'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
