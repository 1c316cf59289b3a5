/**
 * The claim order every driver follows (start-time fair queueing, equal shares): a job gets a
 * round when enqueued, one past the larger of its group's last round and the round of the job
 * claimed last; waiting jobs are claimed lowest round first, then first due first. A group with
 * n jobs waiting holds rounds r+1 … r+n, and a group that enqueues meanwhile gets the next round
 * to be claimed: groups with work take turns, one job each, however many jobs one of them has
 * queued. A job put back (retry, stop, lost worker) keeps its round: it was at the head already.
 * A job postponed by RetryLaterError rejoins its group's line in a new round, as if enqueued
 * again. The SQLite and BullMQ drivers hold the same two numbers in their stores;
 * this is the in-memory form.
 */
export class FairRounds {
  private current = 0;
  private readonly lastByGroup = new Map<string, number>();

  /** The round of a job of `group` enqueued now. */
  assign(group: string): number {
    const round = Math.max(this.current, this.lastByGroup.get(group) ?? 0) + 1;
    this.lastByGroup.set(group, round);
    return round;
  }

  /** A job of this round was claimed. */
  claimed(round: number): void {
    this.current = Math.max(this.current, round);
  }
}
