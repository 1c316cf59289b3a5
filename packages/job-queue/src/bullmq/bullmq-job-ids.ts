/**
 * BullMQ refuses custom job ids that contain ':' (its key separator) or that read as integers
 * (its own auto-generated ids), while port ids are free-form (e.g. `ingestion:42`). Ids are
 * stored percent-escaped instead: '%' and ':' always, and the first character of an id that
 * would read as an integer. Every '%' in a stored id comes from this escaping, so it decodes
 * back exactly, and an id without those characters is stored unchanged.
 */
export function toBullMqJobId(jobId: string): string {
  const escaped = jobId.replace(/[%:]/g, escapeCharacter);
  return readsAsInteger(escaped) ? escapeCharacter(escaped[0]!) + escaped.slice(1) : escaped;
}

export function fromBullMqJobId(bullMqJobId: string): string {
  return bullMqJobId.replace(/%([0-9A-F]{2})/g, (_match, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

function escapeCharacter(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

/** BullMQ's own test for "this custom id is an integer". */
function readsAsInteger(id: string): boolean {
  return `${parseInt(id, 10)}` === id;
}
