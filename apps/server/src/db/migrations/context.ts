export type Engine = 'sqlite' | 'postgres';

export interface MigrationContext {
  engine: Engine;
}

/** ISO strings in TEXT on SQLite; a real timestamptz on PostgreSQL. */
export function timestampType(context: MigrationContext): 'text' | 'timestamptz' {
  return context.engine === 'postgres' ? 'timestamptz' : 'text';
}
