import { ProblemMessage } from '../components/problem-message';
import { usePagedDocuments } from '../components/use-paged-documents';
import { useSession } from '../session/session';
import { documentCount } from './collection-picker';

/** Documents fetched per `/docs/list` page. */
export const DOCUMENT_PAGE_SIZE = 200;

interface DocumentPickerProps {
  id: string;
  namespace: string;
  collection: string;
  /** The collection's document count, when known (to say how many are not loaded yet). */
  total: number | null;
  value: string;
  onChange(name: string): void;
}

/**
 * "Only this document": a text box suggesting the collection's documents (`/docs/list`, a page
 * at a time: the browser's list filters them as one types), with "More documents" while the
 * list has a next cursor. Render it with a `key` of the collection, so a new one starts afresh.
 */
export function DocumentPicker({
  id,
  namespace,
  collection,
  total,
  value,
  onChange,
}: DocumentPickerProps) {
  const { api } = useSession();
  const { first, more, documents, nextCursor, loadMore } = usePagedDocuments(
    api,
    { namespace, collection },
    DOCUMENT_PAGE_SIZE,
  );
  const names = documents.map((d) => d.doc_name);
  const listId = `${id}-documents`;
  const hintId = `${id}-hint`;

  const loaded = first.data ? names.length : null;
  return (
    <div className="field document-picker">
      <label htmlFor={id}>Only this document (optional)</label>
      <input
        id={id}
        type="search"
        list={listId}
        value={value}
        autoComplete="off"
        spellCheck={false}
        maxLength={1024}
        placeholder="All documents"
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={listId} data-testid="document-options">
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <small id={hintId} className="hint" data-testid="document-count">
        {loaded === null
          ? first.loading
            ? 'Loading the documents…'
            : ''
          : nextCursor
            ? `${loaded.toLocaleString()} of ${total !== null ? documentCount(total) : 'the documents'} suggested.`
            : `${documentCount(loaded)} in ${collection}.`}
      </small>
      {nextCursor ? (
        <button
          type="button"
          className="secondary small-button"
          disabled={more.pending}
          onClick={() => void loadMore()}
        >
          {more.pending ? 'Loading…' : 'More documents'}
        </button>
      ) : null}
      <ProblemMessage problem={first.problem ?? more.problem} />
    </div>
  );
}
