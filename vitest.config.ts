import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'tools', 'cluster'],
    // Vitest's default leaves one core free. Much of a server test waits on a database, a
    // processing child or a timer: with a worker per core the processors were busy 53% of the
    // suite; two workers per core keep them busy and finish it in 58% of the time (on 2 cores,
    // SQLite and PostgreSQL: 514 s → 300 s).
    maxWorkers: availableParallelism() * 2,
  },
});
