/**
 * A test whose subject does not change with the screen size: it runs at phone size only, in the
 * phone project, even in a file the desktop project also runs (playwright.config.ts).
 */
export const ANY_SIZE = { tag: '@any-size' };
