/**
 * The second part of the lifecycle model test (lifecycle-model.test.ts says what it checks): its half
 * of the run's sequences, from a seed of its own, in a Vitest worker beside the first part's.
 */
import { lifecycleModelPart } from './support/lifecycle-run.ts';

lifecycleModelPart(2);
