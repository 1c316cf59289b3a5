import type { RedisClient } from 'bullmq';

interface ScriptDefinition {
  readonly name: string;
  readonly numberOfKeys: number;
  readonly lua: string;
}

/**
 * The few commands BullMQ's client adapter does not expose (PING, HLEN), and the multi-key
 * updates that must not be seen half-done, as Lua scripts: they run through the adapter's
 * `defineCommand`/`runCommand`, whatever Redis library sits underneath.
 */
export const SCRIPTS = {
  ping: { name: 'docentPing', numberOfKeys: 0, lua: "return redis.call('PING')" },
  /** KEYS: two hashes. Returns their lengths. */
  hashLengths: {
    name: 'docentHashLengths',
    numberOfKeys: 2,
    lua: "return { redis.call('HLEN', KEYS[1]), redis.call('HLEN', KEYS[2]) }",
  },
  /** KEYS: the hash to write, then hashes to delete the field from. ARGV: field, value. */
  recordAndClear: {
    name: 'docentRecordAndClear',
    numberOfKeys: 3,
    lua: [
      "redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])",
      "redis.call('HDEL', KEYS[2], ARGV[1])",
      "redis.call('HDEL', KEYS[3], ARGV[1])",
      'return 1',
    ].join('\n'),
  },
  /**
   * KEYS: the groups' last rounds (hash), the claimed round, then BullMQ's wait, prioritized,
   * delayed and active. ARGV: group, the claimed round past which an idle queue starts over.
   * Returns the job's round (see FairRounds).
   */
  assignRound: {
    name: 'docentAssignRound',
    numberOfKeys: 6,
    lua: [
      "local claimed = tonumber(redis.call('GET', KEYS[2]) or '0')",
      'if claimed >= tonumber(ARGV[2])',
      "  and redis.call('LLEN', KEYS[3]) == 0 and redis.call('ZCARD', KEYS[4]) == 0",
      "  and redis.call('ZCARD', KEYS[5]) == 0 and redis.call('LLEN', KEYS[6]) == 0 then",
      "  redis.call('DEL', KEYS[1], KEYS[2])",
      '  claimed = 0',
      'end',
      "local round = math.max(claimed, tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')) + 1",
      "redis.call('HSET', KEYS[1], ARGV[1], round)",
      'return round',
    ].join('\n'),
  },
  /** KEYS: the claimed round. ARGV: the round of a job just claimed. */
  noteClaimedRound: {
    name: 'docentNoteClaimedRound',
    numberOfKeys: 1,
    lua: [
      "if tonumber(ARGV[1]) > tonumber(redis.call('GET', KEYS[1]) or '0') then",
      "  redis.call('SET', KEYS[1], ARGV[1])",
      'end',
      'return 1',
    ].join('\n'),
  },
} as const satisfies Record<string, ScriptDefinition>;

const defined = new WeakMap<RedisClient, Set<string>>();

/** Runs one of `SCRIPTS`, defining it on this client the first time. */
export function runScript(
  client: RedisClient,
  script: ScriptDefinition,
  keys: readonly string[],
  args: readonly (string | number)[] = [],
): Promise<unknown> {
  if (keys.length !== script.numberOfKeys) {
    throw new Error(`${script.name} takes ${script.numberOfKeys} keys, got ${keys.length}`);
  }
  let names = defined.get(client);
  if (!names) {
    names = new Set();
    defined.set(client, names);
  }
  if (!names.has(script.name)) {
    client.defineCommand(script.name, { numberOfKeys: script.numberOfKeys, lua: script.lua });
    names.add(script.name);
  }
  return client.runCommand(script.name, [...keys, ...args]);
}
