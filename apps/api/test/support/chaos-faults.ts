/** The faults a chaos scenario (chaos.ts) injects into a running deployment, and heals. */
import pg from 'pg';
import type { Fault } from './chaos.ts';

/** Terminates every connection of the deployment's database every 250 ms while active. */
export function terminateConnections(): Fault {
  let timer: NodeJS.Timeout | undefined;
  let admin: pg.Client | undefined;
  let running: Promise<void> = Promise.resolve();
  let terminated = 0;
  return {
    name: 'pg_terminate_backend',
    description: 'every connection of the database terminated every 250 ms (failover, restart, admin kill)',
    async inject(d) {
      admin = new pg.Client({ connectionString: d.databaseUrl });
      admin.on('error', () => undefined);
      await admin.connect();
      const kill = async () => {
        const res = await admin!
          .query(
            `select pg_terminate_backend(pid) as done from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
          )
          .catch(() => ({ rows: [] as { done: boolean }[] }));
        terminated += res.rows.filter((r: { done: boolean }) => r.done).length;
      };
      await kill();
      timer = setInterval(() => (running = kill()), 250);
    },
    async heal() {
      clearInterval(timer);
      await running;
      await admin?.end().catch(() => undefined);
    },
    effect: () => `${terminated} connections terminated`,
  };
}

/** Redis unreachable for the length of the fault. */
export function redisOutage(): Fault {
  return {
    name: 'Redis down',
    description: 'Redis stopped, then started again',
    inject: (d) => d.redis.down(),
    heal: (d) => d.redis.up(),
  };
}
