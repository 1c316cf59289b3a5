import { ConcurrencyGate, KeyedConcurrencyGates } from '../src';

function deferred<T = void>(): {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(e: Error): void;
} {
  let resolve!: (value: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyGate', () => {
  it('with the default limit runs tasks one after another, in arrival order', async () => {
    const gate = new ConcurrencyGate();
    const log: string[] = [];
    const first = deferred();
    const a = gate.run(async () => {
      log.push('a start');
      await first.promise;
      log.push('a end');
      return 'a';
    });
    const b = gate.run(async () => {
      log.push('b');
      return 'b';
    });
    const c = gate.run(async () => {
      log.push('c');
      return 'c';
    });
    await tick();
    expect(log).toEqual(['a start']);
    first.resolve();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b', 'c']);
  });

  it('never runs more than `limit` tasks at once', async () => {
    const gate = new ConcurrencyGate(2);
    let running = 0;
    let most = 0;
    const releases = Array.from({ length: 5 }, () => deferred());
    const tasks = releases.map((release) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await release.promise;
        running -= 1;
      }),
    );
    await tick();
    expect(running).toBe(2);
    for (const release of releases) {
      release.resolve();
      await tick();
    }
    await Promise.all(tasks);
    expect(most).toBe(2);
    expect(gate.busy).toBe(false);
  });

  it('a failing task rejects its own call only and passes the turn on', async () => {
    const gate = new ConcurrencyGate();
    const failing = gate.run(async () => {
      throw new Error('boom');
    });
    const throwingAtOnce = gate.run(() => {
      throw new Error('sync boom');
    });
    const next = gate.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(throwingAtOnce).rejects.toThrow('sync boom');
    await expect(next).resolves.toBe('next');
  });

  it('idle() waits for every task queued so far, failed ones included', async () => {
    const gate = new ConcurrencyGate();
    const release = deferred();
    let done = 0;
    void gate.run(async () => {
      await release.promise;
      done += 1;
    });
    void gate
      .run(async () => {
        done += 1;
        throw new Error('ignored by idle');
      })
      .catch(() => undefined);
    const idle = gate.idle().then(() => done);
    await tick();
    release.resolve();
    expect(await idle).toBe(2);
    await expect(new ConcurrencyGate().idle()).resolves.toBeUndefined();
  });

  it('refuses a limit below 1', () => {
    expect(() => new ConcurrencyGate(0)).toThrow(/limit/);
    expect(() => new ConcurrencyGate(1.5)).toThrow(/limit/);
  });
});

describe('KeyedConcurrencyGates', () => {
  it('serialises tasks of one key, runs other keys alongside, and forgets idle keys', async () => {
    const gates = new KeyedConcurrencyGates();
    const log: string[] = [];
    const release = deferred();
    const a1 = gates.run('a', async () => {
      log.push('a1 start');
      await release.promise;
      log.push('a1 end');
    });
    const a2 = gates.run('a', async () => {
      log.push('a2');
    });
    const b = gates.run('b', async () => {
      log.push('b');
    });
    await tick();
    expect(log).toEqual(['a1 start', 'b']);
    expect(gates.size).toBe(1);
    release.resolve();
    await Promise.all([a1, a2, b]);
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
    expect(gates.size).toBe(0);
  });

  it('a failure of one task does not block the next of the same key', async () => {
    const gates = new KeyedConcurrencyGates();
    const failing = gates.run('k', async () => {
      throw new Error('refresh failed');
    });
    const next = gates.run('k', async () => 'token');
    await expect(failing).rejects.toThrow('refresh failed');
    await expect(next).resolves.toBe('token');
    expect(gates.size).toBe(0);
  });
});
