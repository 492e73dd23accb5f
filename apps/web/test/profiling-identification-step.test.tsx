/**
 * The father's name from the Aadhaar care_of (section 5): a name longer than the field's 30
 * characters is shown whole with a word on shortening it, and the field says at once that it is
 * too long, instead of a silent cut.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '../src/i18n/translator';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import common from '../src/i18n/locales/en/common.json';
import profiling from '../src/i18n/locales/en/profiling.json';
import { IdentificationStep } from '../src/features/profiling/components/identification-step';

beforeAll(async () => {
  i18n.init({ lng: 'en', resources: { en: { common, profiling } } });
});
afterEach(cleanup);

const LONG = 'Venkata Subrahmanya Lakshmi Narasimha Rao';

it('shows a long name whole, says why it must be shortened, and goes on once it is', async () => {
  const advance = vi.fn(async () => undefined);
  render(<IdentificationStep values={{}} advance={advance} prefilledFather={LONG} />);
  const field = screen.getByLabelText("Father's name");
  expect((field as HTMLInputElement).value).toBe(LONG);
  expect(
    screen.getByText(/Your Aadhaar gives the name as Venkata Subrahmanya Lakshmi Narasimha Rao \(41 characters\)/),
  ).toBeTruthy();
  expect(await screen.findByText('Use at max 30 characters')).toBeTruthy();

  fireEvent.change(field, { target: { value: 'V S L Narasimha Rao' } });
  fireEvent.change(screen.getByLabelText("Mother's name"), { target: { value: 'Sita Devi' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() =>
    expect(advance).toHaveBeenCalledWith({ father_name: 'V S L Narasimha Rao', mother_name: 'Sita Devi' }, 'plans'),
  );
});

it('says only that a name within the limit was filled in from the Aadhaar', () => {
  render(<IdentificationStep values={{}} advance={vi.fn()} prefilledFather="Ramesh Sharma" />);
  expect(screen.getByText('Filled in from your Aadhaar. Please check it.')).toBeTruthy();
  expect(screen.queryByText(/Your Aadhaar gives the name/)).toBeNull();
});
