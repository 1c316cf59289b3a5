import { DependencyMonitor, type DependencyProbes } from '../src';

interface Line {
  level: 'info' | 'warn';
  message: string;
  fields?: Record<string, unknown>;
}

function setUp(options: { now?: () => number } = {}) {
  const lines: Line[] = [];
  const answers = { database: false, queue: true, index: true };
  const probe = (dependency: keyof typeof answers) => async () => {
    if (!answers[dependency]) throw new Error(`${dependency} still down`);
  };
  const probes: DependencyProbes = {
    database: probe('database'),
    queue: probe('queue'),
    index: probe('index'),
  };
  const metrics: string[] = [];
  const monitor = new DependencyMonitor({
    probes,
    probeIntervalMs: 5,
    logger: {
      info: (message, fields) => lines.push({ level: 'info', message, fields }),
      warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    },
    metrics: {
      lost: (dependency) => metrics.push(`lost ${dependency}`),
      regained: (dependency) => metrics.push(`regained ${dependency}`),
    },
    ...options,
  });
  return { monitor, lines, answers, metrics };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

describe('DependencyMonitor', () => {
  it('logs an outage once when it starts and once when a probe finds the dependency back', async () => {
    const { monitor, lines, answers, metrics } = setUp();
    try {
      monitor.noteFailure('database', '57P03: the database system is starting up');
      monitor.noteFailure('database', 'connect ECONNREFUSED 127.0.0.1:5432');
      monitor.noteFailure('database', 'connect ECONNREFUSED 127.0.0.1:5432');
      expect(monitor.isDown('database')).toBe(true);
      expect(monitor.isDown('queue')).toBe(false);
      await new Promise((r) => setTimeout(r, 30));
      // Still down: probes failed silently.
      expect(lines).toEqual([
        {
          level: 'warn',
          message: 'dependency lost',
          fields: {
            dependency: 'database',
            what: 'the metadata database',
            reason: '57P03: the database system is starting up',
          },
        },
      ]);
      answers.database = true;
      await until(() => !monitor.isDown('database'));
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatchObject({
        level: 'info',
        message: 'dependency regained',
        fields: { dependency: 'database', failures: 3 },
      });
      expect(metrics).toEqual(['lost database', 'regained database']);
      const [outage] = monitor.outages();
      expect(outage).toMatchObject({ dependency: 'database', reason: 'database still down' });
      expect(outage!.to).not.toBeNull();
    } finally {
      monitor.close();
    }
  });

  it('backs retries off with the length of the outage, within bounds', () => {
    let now = 1_000_000;
    const { monitor } = setUp({ now: () => now });
    try {
      const bounds = { firstMs: 1_000, maxMs: 30_000 };
      const middle = () => 0.5;
      expect(monitor.retryDelayMs('index', bounds, middle)).toBe(1_000);
      monitor.noteFailure('index', 'ConnectionError');
      expect(monitor.retryDelayMs('index', bounds, middle)).toBe(1_000);
      now += 20_000;
      expect(monitor.downForMs('index')).toBe(20_000);
      expect(monitor.retryDelayMs('index', bounds, middle)).toBe(5_000);
      expect(monitor.retryDelayMs('index', bounds, () => 0)).toBe(4_000);
      now += 600_000;
      expect(monitor.retryDelayMs('index', bounds, middle)).toBe(30_000);
      expect(monitor.retryAfterSeconds('index')).toBe(30);
      expect(monitor.retryAfterSeconds('queue')).toBe(1);
    } finally {
      monitor.close();
    }
  });

  it('keeps each outage apart, oldest first, the one under way last', async () => {
    const { monitor, answers } = setUp();
    try {
      answers.database = true;
      monitor.noteFailure('database', 'first');
      await until(() => !monitor.isDown('database'));
      answers.index = false;
      monitor.noteFailure('index', 'second');
      expect(monitor.outages().map((o) => [o.dependency, o.to === null])).toEqual([
        ['database', false],
        ['index', true],
      ]);
    } finally {
      monitor.close();
    }
  });
});
