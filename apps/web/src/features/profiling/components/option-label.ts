import type { ProfilingOption } from '@ekyc/contracts/calls/get-occupation-list';
import type { Language } from '@ekyc/contracts/constants';

/** The option's label in the current language (the lists carry all five), English otherwise. */
export const optionLabel = (option: ProfilingOption, language: string) =>
  option.labels[language as Language] || option.name;
