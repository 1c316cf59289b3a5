import { listOf, lowerFirst, withArticle, type SourceView } from './source-facts';

/** A sentence with, at most, one link in it (to the page where the step is taken). */
export type StepPart = string | { href: string; text: string };

const CONNECTIONS: StepPart = { href: '#/connections', text: 'the Connections page' };
const AGAIN = 'then start the ingestion again with the form above.';

/**
 * What the user does next about a failed run, from the failure's code as the API reports it
 * (`IngestionError.code`) and what the spec carried; null for a code this UI does not know.
 */
export function nextStepOf(
  code: string,
  source: SourceView,
  connected: boolean,
): StepPart[] | null {
  const { title } = source;
  const given = source.credentials.map(lowerFirst);
  const who = given.length > 0 ? 'these credentials' : `your ${title} connection`;
  switch (code) {
    case 'source_auth_failed':
      if (given.length > 0) {
        const them = given.length === 1 ? 'it' : 'them';
        if (!source.oauth) return [`Check the ${listOf(given)}, ${AGAIN}`];
        return connected
          ? [
              `Check the ${listOf(given)}, or leave ${them} empty to use your ${title} connection; ${AGAIN}`,
            ]
          : [
              `Check the ${listOf(given)}, or connect ${title} on `,
              CONNECTIONS,
              ` and leave ${them} empty; ${AGAIN}`,
            ];
      }
      return [
        `${connected ? 'Reconnect' : 'Connect'} ${title} on `,
        CONNECTIONS,
        connected
          ? ` and allow access to what this ingestion reads, or give ${tokenPhrase(source)}; ${AGAIN}`
          : `, or give ${tokenPhrase(source)}; ${AGAIN}`,
      ];
    case 'source_not_found': {
      const named = source.facts.filter((f) => f.value !== '').map((f) => lowerFirst(f.label));
      return named.length > 0
        ? [
            `Check the ${listOf(named)}: ${named.length === 1 ? 'it' : 'they'} must name something ${who} can see; ${AGAIN}`,
          ]
        : [`Check that ${title} shares what this ingestion reads with ${who}; ${AGAIN}`];
    }
    case 'source_unreachable':
      return [`${title} did not answer or failed on its side: start the ingestion again later.`];
    case 'source_rate_limited':
      return [`${title} kept limiting the requests: start the ingestion again in a few minutes.`];
    case 'internal':
      return [
        'Something failed inside Docent: start the ingestion again; if it fails the same way, report it with the ingestion id below.',
      ];
    default:
      return null;
  }
}

/** The credential a spec would carry instead of the connection: "an API token". */
function tokenPhrase(source: SourceView): string {
  return source.tokenLabel ? withArticle(lowerFirst(source.tokenLabel)) : 'a token';
}
