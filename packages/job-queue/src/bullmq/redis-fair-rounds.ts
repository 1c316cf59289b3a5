import type { Job, RedisClient } from 'bullmq';
import { runScript, SCRIPTS } from './redis-scripts';

/** Key suffixes under the queue's BullMQ key prefix (`<prefix>:<queue>:`). */
export const FAIR_ROUND_KEY_SUFFIXES = {
  groupRounds: 'docent:rounds',
  claimedRound: 'docent:claimed-round',
} as const;

/** The field of a BullMQ job's hash holding its fairness group (BullMQ ignores fields it does not know). */
const GROUP_FIELD = 'docentGroup';

/** BullMQ's largest `priority`. */
const BULLMQ_MAX_PRIORITY = 2_097_151;

/**
 * Rounds start over (at the next enqueue into an idle queue) once the claimed round passes this:
 * far enough below BullMQ's largest priority that a busy queue rarely meets it.
 */
const START_OVER_AFTER = 1_048_576;

/**
 * The fair claim order (see FairRounds) on BullMQ, with open-source BullMQ alone (its groups are
 * a paid feature): a job's round is its BullMQ `priority`, which BullMQ serves lowest first and
 * first-in first-out within one priority, and keeps through retries, delays and hand-backs. The
 * two numbers live next to BullMQ's keys: each group's last round (a hash) and the round of the
 * job claimed last, raised by the processor as it starts a job. A job's group is kept in its own
 * BullMQ hash, for the new round a postponed job rejoins in.
 */
export class RedisFairRounds {
  private readonly keys: Record<keyof typeof FAIR_ROUND_KEY_SUFFIXES, string>;
  private readonly bullMqKeys: string[];
  /** A job's hash, by BullMQ job id. */
  private readonly jobKey: (bullMqJobId: string) => string;

  constructor(
    private readonly client: () => Promise<RedisClient>,
    keyOf: (suffix: string) => string,
  ) {
    this.keys = {
      groupRounds: keyOf(FAIR_ROUND_KEY_SUFFIXES.groupRounds),
      claimedRound: keyOf(FAIR_ROUND_KEY_SUFFIXES.claimedRound),
    };
    this.bullMqKeys = ['wait', 'prioritized', 'delayed', 'active'].map(keyOf);
    this.jobKey = keyOf;
  }

  /**
   * The priority of a job of `group` enqueued now. Past BullMQ's largest priority (a queue never
   * idle for a million rounds) jobs share it and are served in arrival order.
   */
  async assign(group: string): Promise<number> {
    const round = await runScript(
      await this.client(),
      SCRIPTS.assignRound,
      [this.keys.groupRounds, this.keys.claimedRound, ...this.bullMqKeys],
      [group, START_OVER_AFTER],
    );
    return Math.min(Number(round), BULLMQ_MAX_PRIORITY);
  }

  /** Files the group with a job just added (after `Queue.add`, which refuses an existing hash). */
  async remember(bullMqJobId: string, group: string): Promise<void> {
    if (group === '') return;
    await (await this.client()).hset(this.jobKey(bullMqJobId), { [GROUP_FIELD]: group });
  }

  /**
   * Moves a running job to a new round of its group, behind the group's waiting jobs: BullMQ
   * keeps a job's priority through the delay it is moved to next.
   */
  async rejoin(job: Job): Promise<void> {
    if (job.id === undefined) return;
    const client = await this.client();
    const group = (await client.hget(this.jobKey(job.id), GROUP_FIELD)) ?? '';
    await job.changePriority({ priority: await this.assign(group) });
  }

  /** A job with this priority was claimed (0: enqueued before rounds existed). */
  async claimed(priority: number): Promise<void> {
    if (!(priority > 0)) return;
    await runScript(
      await this.client(),
      SCRIPTS.noteClaimedRound,
      [this.keys.claimedRound],
      [priority],
    );
  }
}
