import { Column, Param, Placeholder, SQL, getTableColumns, is, Table, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from './database';

/**
 * Builds statements and never runs one: the same dialect and casing as the databases that run
 * them (openDatabase), so the text is what the query builder would have sent.
 */
const builder = drizzle.mock({ casing: 'snake_case' }) as unknown as Db;

/** Names a value of the statement's: `p('accountId')` stands where that value goes. */
export type Placeholders<V> = <K extends keyof V & string>(name: K) => Placeholder<K>;

/** What a statement answers rows as: a table (every column) or a selection of fields. */
export type Returns = Table | Record<string, Column | SQL | SQL.Aliased>;

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface Slot {
  name: string;
  /** The column's own encoding of the value (JSON for jsonb, ISO text for a timestamp). */
  encoder: { mapToDriverValue(value: unknown): unknown } | null;
}

interface Built {
  text: string;
  slots: Slot[];
  decoders: { key: string; decode(value: unknown): unknown }[];
}

/** A query builder's statement (select, insert, update, delete). */
interface Buildable {
  toSQL(): { sql: string; params: unknown[] };
}

interface RawResult {
  rowCount?: number | null;
  affectedRows?: number;
}

/**
 * A statement the query builder builds once per process and that then runs with values, on
 * the pool or in a transaction. Building through the query builder cost more of a sale's time
 * than Postgres spent running its statements (a four-row insert 0.37 ms, a select by key
 * 0.13 ms); built once, a call costs its values and its rows.
 *
 * Every value comes from the call: the build sees only placeholders (`p('name')`), and a
 * statement whose text would carry any other value (a constant, or a default the builder fills
 * in) is refused when it is built, so no call can run with another call's value. Constants go
 * in as values too. Rows are decoded as the query builder decodes them, from `returns`.
 */
export class Statement<V extends Record<string, unknown>, R = Record<string, unknown>> {
  private built: Built | null = null;

  constructor(
    private readonly build: (q: Db, p: Placeholders<V>) => Buildable,
    private readonly returns?: Returns,
  ) {}

  /** Runs the statement; answers the rows it returns, decoded. */
  async rows(db: Db, values: V): Promise<R[]> {
    const built = this.compiled();
    const { decoders } = built;
    if (decoders.length === 0) {
      throw new Error('This statement answers no rows: give it `returns`, or call run.');
    }
    const query = db._.session.prepareQuery(
      { sql: built.text, params: this.fill(built, values) },
      undefined,
      undefined,
      true,
      (rows: unknown[][]) =>
        rows.map((row) => {
          if (row.length !== decoders.length) {
            throw new Error(
              `A statement answered ${row.length} columns where it names ${decoders.length}.`,
            );
          }
          const record: Record<string, unknown> = {};
          for (let i = 0; i < decoders.length; i += 1) {
            const value = row[i];
            const decoder = decoders[i]!;
            record[decoder.key] = value === null ? null : decoder.decode(value);
          }
          return record;
        }),
    );
    return (await query.execute()) as R[];
  }

  /** Runs the statement; answers how many rows it wrote. */
  async run(db: Db, values: V): Promise<number> {
    const built = this.compiled();
    const query = db._.session.prepareQuery(
      { sql: built.text, params: this.fill(built, values) },
      undefined,
      undefined,
      false,
    );
    const result = (await query.execute()) as RawResult;
    return result.rowCount ?? result.affectedRows ?? 0;
  }

  private fill(built: Built, values: V): unknown[] {
    return built.slots.map(({ name, encoder }) => {
      const value = values[name];
      if (value === undefined) throw new Error(`No value for the statement’s "${name}".`);
      if (isExpression(value)) {
        throw new Error(`The statement’s "${name}" is a value, not SQL: build SQL into the text.`);
      }
      return value === null || !encoder ? value : encoder.mapToDriverValue(value);
    });
  }

  private compiled(): Built {
    if (this.built) return this.built;
    const placeholder: Placeholders<V> = (name) => sql.placeholder(name);
    const { sql: text, params } = this.build(builder, placeholder).toSQL();
    const slots = params.map((param): Slot => {
      if (is(param, Placeholder)) return { name: param.name, encoder: null };
      if (is(param, Param) && is(param.value, Placeholder)) {
        return { name: param.value.name, encoder: param.encoder };
      }
      throw new Error(
        `A statement built once must take every value from its call, but this one holds ${JSON.stringify(param)}: ${text}`,
      );
    });
    const returns = this.returns;
    // In the order the builder selects them: a table's columns as defined, a selection's
    // fields as written.
    const fields = returns
      ? Object.entries(is(returns, Table) ? getTableColumns(returns) : returns)
      : [];
    const decoders = fields.map(([key, field]) => {
      let decoder: Decoder;
      if (is(field, Column)) decoder = field;
      else if (is(field, SQL)) decoder = (field as unknown as { decoder: Decoder }).decoder;
      else if (is(field, SQL.Aliased)) {
        decoder = (field.sql as unknown as { decoder: Decoder }).decoder;
      } else throw new Error(`A statement answers flat rows: "${key}" is not a column.`);
      return { key, decode: (value: unknown) => decoder.mapFromDriverValue(value) };
    });
    this.built = { text, slots, decoders };
    return this.built;
  }
}

/** The rows a query builder's statement answers (`Awaited` of the builder). */
type RowOf<B> = B extends PromiseLike<readonly (infer R)[]> ? R : Record<string, unknown>;

/**
 * A Statement whose row type is the builder's own: `statement((q, p: Placeholders<{ id:
 * string }>) => q.select().from(t).where(eq(t.id, p('id'))), t)`.
 */
export function statement<V extends Record<string, unknown>, B extends Buildable>(
  build: (q: Db, p: Placeholders<V>) => B,
  returns?: Returns,
): Statement<V, RowOf<B>> {
  return new Statement<V, RowOf<B>>(build, returns);
}

/** Inserts of more rows than this go through the builder: a bulk write is rarer than its build. */
const SHAPED_ROWS = 32;
/** Shapes one insert keeps (row counts times column sets); past that, the builder. */
const SHAPES_KEPT = 128;

/**
 * Inserts into one table, each shape built once: a shape is a count of rows and the columns
 * they give (a column a row leaves out takes its default, as with the builder). Rows that do
 * not all give the same columns are inserted through the builder as before.
 */
export class InsertStatements<Row extends object, B extends Buildable> {
  private readonly shapes = new Map<string, Statement<Record<string, unknown>, RowOf<B>>>();

  constructor(
    /**
     * The insert, from `q.insert(table).values(rows)`, with what follows (conflict,
     * returning). Built once per shape, the rows it is given hold placeholders.
     */
    private readonly build: (q: Db, rows: Row[]) => B,
    private readonly returns?: Returns,
  ) {}

  /** Inserts the rows; answers the rows the insert returns, decoded. */
  async rows(db: Db, rows: readonly Row[]): Promise<RowOf<B>[]> {
    if (rows.length === 0) return [];
    const shaped = this.shaped(rows);
    if (shaped) return shaped.statement.rows(db, shaped.values);
    return (await (this.build(db, [...rows]) as unknown as PromiseLike<RowOf<B>[]>)) ?? [];
  }

  /** Inserts the rows; answers how many were written. */
  async run(db: Db, rows: readonly Row[]): Promise<number> {
    if (rows.length === 0) return 0;
    const shaped = this.shaped(rows);
    if (shaped) return shaped.statement.run(db, shaped.values);
    // The builder answers rows when the insert returns some, else the driver's result.
    const result =
      (await (this.build(db, [...rows]) as unknown as PromiseLike<RawResult | unknown[]>)) ?? {};
    if (Array.isArray(result)) return result.length;
    return result.rowCount ?? result.affectedRows ?? 0;
  }

  private shaped(rows: readonly Row[]) {
    const columns = columnsGiven(rows);
    if (!columns) return null;
    const shape = `${rows.length}:${columns.join(',')}`;
    let statement = this.shapes.get(shape);
    if (!statement) {
      if (this.shapes.size >= SHAPES_KEPT) return null;
      statement = new Statement<Record<string, unknown>, RowOf<B>>(
        (q, p) =>
          this.build(
            q,
            rows.map(
              (_, i) =>
                Object.fromEntries(columns.map((column) => [column, p(`${column}_${i}`)])) as Row,
            ),
          ),
        this.returns,
      );
      this.shapes.set(shape, statement);
    }
    const values: Record<string, unknown> = {};
    rows.forEach((row, i) => {
      for (const column of columns)
        values[`${column}_${i}`] = (row as Record<string, unknown>)[column];
    });
    return { statement, values };
  }
}

/** Drizzle SQL (an expression, a placeholder or a bound parameter), not a plain value. */
function isExpression(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Date) &&
    !Array.isArray(value) &&
    (is(value, SQL) || is(value, Placeholder) || is(value, Param))
  );
}

/**
 * The columns every one of these rows gives a value for (undefined is no value: the column's
 * default), sorted: the shape a statement built once can take them in. Null when there are
 * none, more than SHAPED_ROWS, or rows that give different columns.
 */
function columnsGiven(rows: readonly object[]): string[] | null {
  if (rows.length === 0 || rows.length > SHAPED_ROWS) return null;
  const given = (row: object) =>
    Object.entries(row)
      .filter(([, value]) => value !== undefined)
      .map(([key]) => key)
      .sort();
  const columns = given(rows[0]!);
  for (const row of rows) {
    // An expression (`sql`now()``) is built into the text, not sent as a value: the builder's.
    if (Object.values(row).some(isExpression)) return null;
    const keys = given(row);
    if (keys.length !== columns.length || keys.some((key, i) => key !== columns[i])) return null;
  }
  return columns;
}

/**
 * Statements of one kind built once per shape, for a small set of shapes (how many
 * marketplaces, which references a sale gives): `const of = shaped((n: number) =>
 * statement(…))`, then `of(n).rows(db, values)`.
 */
export function shaped<K, S>(create: (key: K) => S): (key: K) => S {
  const made = new Map<K, S>();
  return (key) => {
    let one = made.get(key);
    if (one === undefined) {
      one = create(key);
      made.set(key, one);
    }
    return one;
  };
}
