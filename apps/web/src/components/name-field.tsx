import { useId } from 'react';
import { NAME_PATTERN } from './names';

interface NameFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  hint?: string;
  list?: string;
}

/** A namespace or collection name input, with the API's name rule as a browser-side check. */
export function NameField({ label, value, onChange, required = true, hint, list }: NameFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        required={required}
        pattern={NAME_PATTERN}
        autoComplete="off"
        spellCheck={false}
        list={list}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
