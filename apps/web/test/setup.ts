/**
 * Testing Library waits for what a test expects (findBy…, waitFor) up to 10 s instead of 1 s: on a
 * busy machine a render can take longer than a second, and a wait that fails then is not a defect
 * of the page.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
