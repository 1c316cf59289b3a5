/** Time one stage of an ask took: wall clock, and the process's CPU when it was measured. */
export interface StageTiming {
  name: string;
  ms: number;
  /** CPU of the whole process (every thread: the embedder's too) during the stage. */
  cpuMs?: number;
}

/**
 * Laps of an ask, each stage from the end of the previous one. A stage lapped twice (a stage of
 * a loop) adds up under its first place. The process's CPU is read only when asked for: it is a
 * system call per lap, which the benches pay and a served ask need not.
 */
export class StageClock {
  private readonly stages = new Map<string, StageTiming>();
  private readonly started: number;
  private wall: number;
  private cpu: number;

  constructor(private readonly withCpu = false) {
    this.started = performance.now();
    this.wall = this.started;
    this.cpu = withCpu ? cpuMs() : 0;
  }

  /** Wall time since the clock started, the running stage included. */
  elapsed(): number {
    return performance.now() - this.started;
  }

  /** Ends the current stage as `name`; the next one starts now. */
  lap(name: string): void {
    const wall = performance.now();
    const stage = this.stages.get(name) ?? { name, ms: 0, ...(this.withCpu && { cpuMs: 0 }) };
    stage.ms += wall - this.wall;
    this.wall = wall;
    if (this.withCpu) {
      const cpu = cpuMs();
      stage.cpuMs! += cpu - this.cpu;
      this.cpu = cpu;
    }
    this.stages.set(name, stage);
  }

  timings(): StageTiming[] {
    return [...this.stages.values()];
  }
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
