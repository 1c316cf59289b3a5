import { useState } from 'react';
import { listCollections } from '../api/list-collections';
import { listConnections } from '../api/list-connections';
import { listConnectors } from '../api/list-connectors';
import { emptyUntilNamespaceExists } from '../api/namespace-lists';
import type { Ingestion } from '../api/wire-types';
import { NameField } from '../components/name-field';
import { isValidName } from '../components/names';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useIntervalWhile } from '../components/use-interval-while';
import { useLoaded } from '../components/use-loaded';
import { IngestionForm, type StartedIngestion } from '../ingestions/ingestion-form';
import { IngestionItem } from '../ingestions/ingestion-item';
import { isActive } from '../ingestions/ingestion-progress';
import { useSession } from '../session/session';
import { DEFAULT_NAMESPACE, NAMESPACE_KEY, useStoredValue } from '../session/use-stored-value';
import { PageHeading } from './page-heading';

const SHOWN = 20;

/** Recent ingestions of a namespace, polled every second while one is queued or running. */
export function IngestionsPage() {
  const { api } = useSession();
  const [namespace, setNamespace] = useStoredValue(NAMESPACE_KEY, DEFAULT_NAMESPACE);
  const valid = isValidName(namespace);
  // The API lists them newest first: the one just started is on top.
  const ingestions = useLoaded(
    valid
      ? () =>
          emptyUntilNamespaceExists(
            api
              .post<{ ingestions: Ingestion[] }>('/docs/list_ingestions', {
                namespace_name: namespace,
                limit: SHOWN,
              })
              .then((r) => r.ingestions),
          )
      : null,
    namespace,
  );
  const connections = useLoaded(() => listConnections(api), 'connections');
  // The spec fields' labels and the sources' names, so that no source type is named here.
  const connectors = useLoaded(() => listConnectors(api), 'connectors');
  // Which collections have documents, for the cards' links: listed again when a run ends.
  const ended = (ingestions.data ?? [])
    .filter((i) => !isActive(i.status))
    .map((i) => i.ingestion_id)
    .join(' ');
  const collections = useLoaded(
    valid ? () => listCollections(api, namespace) : null,
    `${namespace} ${ended}`,
  );
  const listed = new Set((collections.data ?? []).map((c) => c.collection_name));
  const connectedTypes = new Set((connections.data ?? []).map((c) => c.type));
  const cancel = useAction();
  const [justStarted, setJustStarted] = useState(0);
  const [started, setStarted] = useState<StartedIngestion | null>(null);
  const anyActive = (ingestions.data ?? []).some((i) => isActive(i.status));
  // Right after a start the list may not show the new one yet: keep polling until it does.
  useIntervalWhile(anyActive || justStarted > 0, async () => {
    await ingestions.reload();
    setJustStarted((n) => Math.max(0, n - 1));
  });

  async function cancelIngestion(ingestion: Ingestion): Promise<void> {
    await cancel.run(() =>
      api.post('/docs/cancel_ingestion', {
        namespace_name: ingestion.namespace_name,
        collection_name: ingestion.collection_name,
        ingestion_id: ingestion.ingestion_id,
      }),
    );
    await ingestions.reload();
  }

  return (
    <section>
      <PageHeading>Ingestions</PageHeading>
      <NameField label="Namespace" value={namespace} onChange={setNamespace} />
      <IngestionForm
        namespace={namespace}
        connections={connections.data}
        onStarted={(run) => {
          setStarted(run);
          setJustStarted(3);
          void ingestions.reload();
        }}
      />
      <h2>Recent ingestions</h2>
      <StartedNotice started={started} ingestions={ingestions.data} />
      <ProblemMessage problem={ingestions.problem ?? cancel.problem} />
      {ingestions.data && ingestions.data.length === 0 ? (
        <p data-testid="empty-state">
          No ingestions in <strong>{namespace}</strong> yet. Start one with the form above: pick the
          source, name the collection it fills, and give a token — or{' '}
          <a href="#/connections">connect the source</a> once and leave the token empty.
        </p>
      ) : null}
      <ul className="ingestions">
        {(ingestions.data ?? []).map((i) => (
          <IngestionItem
            key={i.ingestion_id}
            ingestion={i}
            connector={connectors.data?.find((c) => c.type === i.type)}
            connected={connectedTypes.has(i.type)}
            collectionListed={listed.has(i.collection_name)}
            canceling={cancel.pending}
            onCancel={(x) => void cancelIngestion(x)}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * "Started" while the run just started is queued or running; once it ended its card says how
 * it went, and a notice that it started would only be stale.
 */
export function StartedNotice({
  started,
  ingestions,
}: {
  started: StartedIngestion | null;
  ingestions: Ingestion[] | null;
}) {
  const run = started && ingestions?.find((i) => i.ingestion_id === started.ingestion_id);
  // Until the list shows it, it is queued as far as anyone knows.
  const running = started !== null && (run === undefined || run === null || isActive(run.status));
  return (
    <p className="hint" role="status" data-testid="started-notice">
      {running
        ? `Ingestion into ${started.collection_name} started${started.schedule_id ? '; it re-runs on its schedule (see Schedules)' : ''}: its progress is below.`
        : ''}
    </p>
  );
}
