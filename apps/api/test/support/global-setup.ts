/** Before the API suite: the compiled API the tests start as child processes, built when stale. */
import { buildApiIfStale } from './child-server.ts';

export default function setup(): void {
  buildApiIfStale();
}
