/** The Intl locale of each app language (the app's codes be and mar are not BCP 47). */
const LOCALES: Record<string, string> = { en: 'en-IN', hi: 'hi-IN', be: 'bn-IN', gu: 'gu-IN', mar: 'mr-IN' };
export const dateLocale = (lng: string) => LOCALES[lng] ?? 'en-IN';
