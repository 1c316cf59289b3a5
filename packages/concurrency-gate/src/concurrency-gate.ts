/**
 * Runs async tasks at most `limit` at a time; the others wait their turn in arrival order. With
 * the default limit of 1 it is a FIFO mutex: tasks run one after another, each after the
 * previous one settled (fulfilled or rejected).
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly unsettled = new Set<Promise<void>>();

  constructor(private readonly limit = 1) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new Error(`ConcurrencyGate limit must be an integer >= 1, got ${limit}`);
    }
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.inTurn(task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.unsettled.add(settled);
    void settled.then(() => this.unsettled.delete(settled));
    return result;
  }

  /** True while a task runs or waits. */
  get busy(): boolean {
    return this.running > 0;
  }

  /** Resolves once every task queued so far has settled. */
  async idle(): Promise<void> {
    await Promise.all([...this.unsettled]);
  }

  private async inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so `running` stays the same.
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** A `ConcurrencyGate` per key, made on first use and dropped once no task of that key is left. */
export class KeyedConcurrencyGates {
  private readonly gates = new Map<string, ConcurrencyGate>();

  constructor(private readonly limit = 1) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let gate = this.gates.get(key);
    if (!gate) {
      gate = new ConcurrencyGate(this.limit);
      this.gates.set(key, gate);
    }
    try {
      return await gate.run(task);
    } finally {
      if (!gate.busy && this.gates.get(key) === gate) this.gates.delete(key);
    }
  }

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.gates.size;
  }
}
