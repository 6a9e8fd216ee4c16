import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

type TemplateValue = string | number;
type TemplateValues = Record<string, TemplateValue>;

/** Where a parameter of the compiled query takes its value from on each run. */
type Slot = { name: string } | { fixed: unknown };

interface CompiledTemplate<R> {
  query: CompiledQuery<R>;
  slots: Slot[];
}

export interface QueryTemplate<S, V extends TemplateValues, R> {
  execute(db: Kysely<Database>, shape: S, values: V): Promise<R[]>;
}

const STRING_PLACEHOLDER = '\u0000kuvert-template-value:';
const NUMBER_PLACEHOLDER_BASE = -(2 ** 52);

function placeholdersFor<V extends TemplateValues>(values: V): Map<TemplateValue, string> {
  const placeholders = new Map<TemplateValue, string>();
  for (const [index, [name, value]] of Object.entries(values).entries()) {
    const placeholder =
      typeof value === 'number' ? NUMBER_PLACEHOLDER_BASE - index : `${STRING_PLACEHOLDER}${name}`;
    placeholders.set(placeholder, name);
  }
  return placeholders;
}

/**
 * A query that Kysely builds and compiles once per shape, then runs with each call's values.
 * Building a query (a tree of frozen nodes) and compiling it cost as much on every call as
 * SQLite needs to run a page of 50 letters; a hot, fixed query need not pay that again.
 *
 * `build` gets a placeholder for every value; the parameters of the compiled query that hold
 * a placeholder take the call's value, the others keep theirs. So what `build` does may depend
 * on the shape only (which filters apply), and values may only be bound as parameters: one
 * that ends up in the SQL text itself (`sql.lit`, an identifier) throws on first use.
 */
export function queryTemplate<S, V extends TemplateValues, R>(
  keyOf: (shape: S) => string,
  build: (db: Kysely<Database>, shape: S, values: V) => Compilable<R>,
): QueryTemplate<S, V, R> {
  // Per dialect adapter: SQLite and PostgreSQL compile to different SQL.
  const compiled = new WeakMap<object, Map<string, CompiledTemplate<R>>>();

  function compile(db: Kysely<Database>, shape: S, values: V): CompiledTemplate<R> {
    const names = placeholdersFor(values);
    const placeholderValues = Object.fromEntries(
      [...names].map(([placeholder, name]) => [name, placeholder]),
    );
    const query = build(db, shape, { ...values, ...placeholderValues }).compile();
    for (const placeholder of names.keys()) {
      if (query.sql.includes(String(placeholder))) {
        throw new Error(`A template value was written into the SQL itself: ${query.sql}`);
      }
    }
    const slots = query.parameters.map((parameter): Slot => {
      const name =
        typeof parameter === 'string' || typeof parameter === 'number'
          ? names.get(parameter)
          : undefined;
      return name === undefined ? { fixed: parameter } : { name };
    });
    return { query, slots };
  }

  return {
    async execute(db, shape, values) {
      const adapter = db.getExecutor().adapter;
      let byShape = compiled.get(adapter);
      if (!byShape) {
        byShape = new Map();
        compiled.set(adapter, byShape);
      }
      const key = keyOf(shape);
      let template = byShape.get(key);
      if (!template) {
        template = compile(db, shape, values);
        byShape.set(key, template);
      }
      const parameters = template.slots.map((slot) =>
        'name' in slot ? values[slot.name] : slot.fixed,
      );
      const result = await db.executeQuery<R>({ ...template.query, parameters });
      return result.rows;
    },
  };
}
