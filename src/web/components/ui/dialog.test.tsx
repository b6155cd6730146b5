// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

let opener: HTMLButtonElement;

beforeEach(() => {
  opener = document.createElement('button');
  opener.textContent = 'Add Listing';
  document.body.append(opener);
  opener.focus();
});

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

const dialog = () => document.querySelector('dialog');

describe('Dialog', () => {
  it('opens as a modal named by its label', () => {
    render(
      <Dialog label="Add New Listing" onClose={() => {}}>
        form
      </Dialog>,
    );
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.getAttribute('aria-label')).toBe('Add New Listing');
  });

  it('turns Escape (the cancel event) into a request to close, and stays open until the caller closes it', () => {
    const onClose = vi.fn();
    render(
      <Dialog label="Delete Listing" role="alertdialog" onClose={onClose}>
        Delete it?
      </Dialog>,
    );
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog() as HTMLDialogElement, cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.getAttribute('role')).toBe('alertdialog');
  });

  it('gives focus back to what opened it when it goes', () => {
    const { rerender } = render(
      <Dialog label="Edit Listing" onClose={() => {}}>
        <input aria-label="Title" />
      </Dialog>,
    );
    const field = screen.getByLabelText('Title');
    field.focus();
    expect(document.activeElement).toBe(field);
    rerender(null);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus alone when the opener has left the page', () => {
    const { rerender } = render(
      <Dialog label="Edit Listing" onClose={() => {}}>
        form
      </Dialog>,
    );
    opener.remove();
    rerender(null);
    expect(document.activeElement).not.toBe(opener);
  });
});
