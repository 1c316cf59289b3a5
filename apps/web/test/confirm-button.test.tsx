import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from '../src/components/confirm-button';
import './act-environment';

describe('ConfirmButton', () => {
  let container: HTMLDivElement;
  let root: Root;
  const onConfirm = vi.fn();

  beforeEach(() => {
    onConfirm.mockReset();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root.render(
        <ConfirmButton label="Revoke" confirmLabel="Revoke abc…" onConfirm={onConfirm} />,
      ),
    );
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const button = (name: string): HTMLButtonElement => {
    const found = [...container.querySelectorAll('button')].find((b) => b.textContent === name);
    if (!found) throw new Error(`no button ${name}`);
    return found;
  };

  it('acts only on the second click, with the focus on the confirm button', () => {
    act(() => button('Revoke').click());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button('Revoke abc…'));
    act(() => button('Revoke abc…').click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('gives the focus back to the first button on Escape, without acting', () => {
    act(() => button('Revoke').click());
    act(() => {
      button('Revoke abc…').dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      );
    });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button('Revoke'));
  });
});
