import type { Collection } from '../api/wire-types';

interface CollectionPickerProps {
  id: string;
  namespace: string;
  /** The namespace's collections, offered unless `unavailable` says why there are none to pick. */
  collections: Collection[];
  unavailable: string | null;
  value: string;
  onChange(name: string): void;
  error?: string | null;
}

/** The collection to ask, picked from those of the namespace (`/collections/list`). */
export function CollectionPicker({
  id,
  namespace,
  collections,
  unavailable: placeholder,
  value,
  onChange,
  error,
}: CollectionPickerProps) {
  return (
    <div className="field">
      <label htmlFor={id}>Collection</label>
      <select
        id={id}
        value={placeholder === null ? value : ''}
        disabled={placeholder !== null}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== null ? (
          <option value="">{placeholder}</option>
        ) : (
          <optgroup label={`Namespace ${namespace}`}>
            {collections.map((c) => (
              <option key={c.collection_name} value={c.collection_name}>
                {c.collection_name} ({documentCount(c.document_count)})
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {error ? (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

export function documentCount(n: number): string {
  return n === 1 ? '1 document' : `${n.toLocaleString()} documents`;
}
