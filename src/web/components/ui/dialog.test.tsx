// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
let opener: HTMLButtonElement;

beforeEach(() => {
  opener = document.createElement('button');
  opener.textContent = 'Add Listing';
  container = document.createElement('div');
  document.body.append(opener, container);
  opener.focus();
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.replaceChildren();
});

const dialog = () => container.querySelector('dialog');

describe('Dialog', () => {
  it('opens as a modal named by its label', () => {
    act(() =>
      root.render(
        <Dialog label="Add New Listing" onClose={() => {}}>
          form
        </Dialog>,
      ),
    );
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.getAttribute('aria-label')).toBe('Add New Listing');
  });

  it('turns Escape (the cancel event) into a request to close, and stays open until the caller closes it', () => {
    const onClose = vi.fn();
    act(() =>
      root.render(
        <Dialog label="Delete Listing" role="alertdialog" onClose={onClose}>
          Delete it?
        </Dialog>,
      ),
    );
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog()?.dispatchEvent(cancel);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.getAttribute('role')).toBe('alertdialog');
  });

  it('gives focus back to what opened it when it goes', () => {
    act(() =>
      root.render(
        <Dialog label="Edit Listing" onClose={() => {}}>
          <input aria-label="Title" />
        </Dialog>,
      ),
    );
    const field = container.querySelector('input')!;
    field.focus();
    expect(document.activeElement).toBe(field);
    act(() => root.render(null));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus alone when the opener has left the page', () => {
    act(() =>
      root.render(
        <Dialog label="Edit Listing" onClose={() => {}}>
          form
        </Dialog>,
      ),
    );
    opener.remove();
    act(() => root.render(null));
    expect(document.activeElement).not.toBe(opener);
  });
});
