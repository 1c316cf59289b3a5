import { useEffect, useState } from 'react';
import { listCollections } from '../api/list-collections';
import { ConfirmButton } from '../components/confirm-button';
import { formatTime } from '../components/format';
import { NameField } from '../components/name-field';
import { isValidName } from '../components/names';
import { ProblemMessage } from '../components/problem-message';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { usePagedDocuments } from '../components/use-paged-documents';
import { hashParam } from '../routing/hash-query';
import { useSession } from '../session/session';
import { DEFAULT_NAMESPACE, NAMESPACE_KEY, useStoredValue } from '../session/use-stored-value';
import { PageHeading } from './page-heading';

/** The collections of a namespace and, for the one picked, its documents. */
export function CollectionsPage() {
  const { api } = useSession();
  const [namespace, setNamespace] = useStoredValue(NAMESPACE_KEY, DEFAULT_NAMESPACE);
  // `#/collections?collection=…` (an ingestion's link) opens that collection's documents.
  const [selected, setSelected] = useState(() => hashParam(window.location.hash, 'collection'));
  useEffect(() => {
    if (window.location.hash.includes('?')) window.history.replaceState(null, '', '#/collections');
  }, []);
  const valid = isValidName(namespace);
  const collections = useLoaded(valid ? () => listCollections(api, namespace) : null, namespace);
  const remove = useAction();

  async function deleteCollection(name: string): Promise<void> {
    await remove.run(() =>
      api.post('/collections/delete', { namespace_name: namespace, collection_name: name }),
    );
    if (selected === name) setSelected(null);
    await collections.reload();
  }

  return (
    <section>
      <PageHeading>Collections</PageHeading>
      <NameField
        label="Namespace"
        value={namespace}
        onChange={(value) => {
          setNamespace(value);
          setSelected(null);
        }}
        hint="Namespaces and collections are created by the first ingestion into them."
      />
      <ProblemMessage problem={collections.problem ?? remove.problem} />
      {collections.data && collections.data.length === 0 ? (
        <p data-testid="empty-state">
          No collections in <strong>{namespace}</strong> yet. A collection is made by the first
          ingestion into it: <a href="#/ingestions">start an ingestion</a>.
        </p>
      ) : null}
      {collections.data && collections.data.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Collections of {namespace}</caption>
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col">Documents</th>
                <th scope="col">Chunks</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {collections.data.map((c) => (
                <tr key={c.collection_name} aria-current={selected === c.collection_name}>
                  <th scope="row">
                    <button
                      type="button"
                      className="link"
                      aria-pressed={selected === c.collection_name}
                      onClick={() => setSelected(c.collection_name)}
                    >
                      {c.collection_name}
                    </button>
                  </th>
                  <td>{c.document_count}</td>
                  <td>{c.chunk_count}</td>
                  <td>{formatTime(c.updated_at)}</td>
                  <td>
                    <ConfirmButton
                      label="Delete"
                      confirmLabel={`Delete ${c.collection_name}`}
                      disabled={remove.pending}
                      onConfirm={() => void deleteCollection(c.collection_name)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {selected ? (
        <Documents
          key={`${namespace}/${selected}`}
          namespace={namespace}
          collection={selected}
          onChanged={() => void collections.reload()}
        />
      ) : null}
    </section>
  );
}

interface DocumentsProps {
  namespace: string;
  collection: string;
  onChanged(): void;
}

function Documents({ namespace, collection, onChanged }: DocumentsProps) {
  const { api } = useSession();
  const { first, more, documents, nextCursor, loadMore, reload } = usePagedDocuments(
    api,
    { namespace, collection },
    100,
  );
  const remove = useAction();
  const locator = { namespace_name: namespace, collection_name: collection };

  async function deleteDocument(name: string): Promise<void> {
    const done = await remove.run(() => api.post('/docs/delete', { ...locator, doc_name: name }));
    if (done === undefined) return;
    await reload();
    onChanged();
  }

  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">Documents in {collection}</h2>
      <ProblemMessage problem={first.problem ?? more.problem ?? remove.problem} />
      {first.data && documents.length === 0 ? <p>No documents.</p> : null}
      {documents.length > 0 ? (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Source</th>
                <th scope="col">Pages</th>
                <th scope="col">Chunks</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {documents.map((d) => (
                <tr key={d.doc_name}>
                  <th scope="row">
                    {d.source_url && /^https?:/i.test(d.source_url) ? (
                      <a href={d.source_url} target="_blank" rel="noreferrer noopener">
                        <bdi>{d.doc_name}</bdi>
                      </a>
                    ) : (
                      <bdi>{d.doc_name}</bdi>
                    )}
                  </th>
                  <td>{d.source_type}</td>
                  <td>{d.page_count}</td>
                  <td>{d.chunk_count}</td>
                  <td>{formatTime(d.updated_at)}</td>
                  <td>
                    <ConfirmButton
                      label="Delete"
                      confirmLabel={`Delete ${d.doc_name}`}
                      disabled={remove.pending}
                      onConfirm={() => void deleteDocument(d.doc_name)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {nextCursor ? (
        <button
          type="button"
          className="secondary"
          disabled={more.pending}
          onClick={() => void loadMore()}
        >
          Load more
        </button>
      ) : null}
    </section>
  );
}
