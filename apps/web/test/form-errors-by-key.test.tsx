/**
 * A form's field error is translated by the message key its contracts rule gave the issue, never by
 * its English: a rule whose text is not the catalogue's still shows the key's translation, a
 * built-in Zod check (max, regex) is translated by the key the rule stamped on it, and a catalogue
 * text given without a key is shown as it came.
 */
import { taxResidencySchema } from '@ekyc/contracts/fatca';
import { MSG } from '@ekyc/contracts/messages';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { i18n } from '../src/i18n/translator';
import { keyedResolver } from '../src/lib/form-resolver';
import { useMessage } from '../src/lib/use-message';
import hiMessages from '../src/i18n/locales/hi/messages.json';

beforeAll(() => {
  i18n.init({ lng: 'hi', resources: { hi: { messages: hiMessages }, en: { messages: {} } } });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('hi');
});

function Form<T extends Record<string, string>>({ schema, values }: { schema: z.ZodMiniType<T, T>; values: T }) {
  const msg = useMessage();
  const form = useForm<T>({ resolver: keyedResolver(schema), defaultValues: values as never });
  const errors = Object.entries(form.formState.errors);
  return (
    <form data-testid="form" onSubmit={form.handleSubmit(() => undefined)}>
      {errors.map(([field, error]) => (
        <p key={field} role="alert">
          {msg(error as { type?: string; message?: string })}
        </p>
      ))}
    </form>
  );
}
const submit = () => act(async () => fireEvent.submit(screen.getByTestId('form')));

describe('a form error is translated by its rule’s key', () => {
  it('shows the key’s translation when the rule’s English is not the catalogue’s text for it', async () => {
    const schema = z.object({
      pin: z
        .string()
        .check(z.refine(() => false, { error: 'Type the six digits of your PIN', params: { code: 'nomineePincode' } })),
    });
    render(<Form schema={schema} values={{ pin: '1' }} />);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(hiMessages.nomineePincode);
  });

  it('translates a built-in check of a contracts rule by the key the rule stamped on it', async () => {
    render(<Form schema={taxResidencySchema as never} values={{ country: 'US', tin: 'A'.repeat(26) }} />);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(hiMessages.tinInvalid);
  });

  it('shows a catalogue text given without a key as it came: English is never looked up', async () => {
    const schema = z.object({ pin: z.string().check(z.minLength(6, MSG.nomineePincode)) });
    render(<Form schema={schema} values={{ pin: '1' }} />);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(MSG.nomineePincode);
  });
});
