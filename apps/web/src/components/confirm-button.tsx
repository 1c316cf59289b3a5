import { useEffect, useRef, useState } from 'react';

interface ConfirmButtonProps {
  label: string;
  confirmLabel: string;
  disabled?: boolean;
  onConfirm(): void;
}

/**
 * A destructive action in two clicks, without a modal dialog: the confirm button takes focus;
 * Cancel (or Escape) gives it back to the first button.
 */
export function ConfirmButton({ label, confirmLabel, disabled, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const refocusTrigger = useRef(false);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (refocusTrigger.current) triggerRef.current?.focus();
    refocusTrigger.current = false;
  }, [asking]);

  const cancel = (): void => {
    refocusTrigger.current = true;
    setAsking(false);
  };

  if (!asking) {
    return (
      <button
        ref={triggerRef}
        type="button"
        className="secondary"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span
      className="confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') cancel();
      }}
    >
      <button
        ref={confirmRef}
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={cancel}>
        Cancel
      </button>
    </span>
  );
}
