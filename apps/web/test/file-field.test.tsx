/**
 * The one file input of every upload: a screen reader hears its label, its hint and its error (the
 * input is described by both), the error is an alert, and the chosen file reaches the caller.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { FileField, shortFileName } from '../src/components/file-field';

afterEach(cleanup);

/** What a screen reader reads after the label: the texts of the elements aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

it('describes the input by its hint and its error, and hands over the chosen file', () => {
  const onPick = vi.fn();
  render(
    <FileField label="Cancelled cheque" accept="image/png" onPick={onPick} hint="PNG or JPEG" error="Too large" />,
  );
  const input = screen.getByLabelText('Cancelled cheque');
  expect(description(input)).toBe('PNG or JPEG Too large');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByRole('alert').textContent).toBe('Too large');
  const file = new File(['x'], 'cheque.png', { type: 'image/png' });
  fireEvent.change(input, { target: { files: [file] } });
  expect(onPick).toHaveBeenCalledWith(file);
});

it('is not invalid and has no alert without an error', () => {
  render(<FileField label="Proof" accept="application/pdf" onPick={() => undefined} />);
  expect(screen.getByLabelText('Proof').hasAttribute('aria-invalid')).toBe(false);
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shortens a long file name for the hint', () => {
  const long = `${'a'.repeat(80)}.pdf`;
  expect(shortFileName(long).length).toBeLessThan(long.length);
  expect(shortFileName('short.pdf')).toBe('short.pdf');
});
