import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { applyMigrations, readMigrations, REPO_ROOT } from '../src/core/database/migrator';
import { createTestDatabase, type TestDatabase } from './utils/database';

// Proves that applying prisma/migrations to an empty database yields exactly what schema.prisma
// describes (the check `prisma migrate diff` would make, which cannot run on our machines): the
// schema is read through Prisma's own parser (DMMF), the database through pg_catalog, both are
// reduced to one shape, and every difference is listed.

const SCHEMA_PATH = join(REPO_ROOT, 'prisma', 'schema.prisma');
const MAX_IDENTIFIER_LENGTH = 63;

// ---------------------------------------------------------------------------------------------
// Prisma's schema parser. The `prisma` CLI ships it as the wasm build of @prisma/prisma-schema-wasm
// (prisma/build/prisma_schema_build_bg.wasm); this is the few lines of wasm-bindgen glue that
// `get_dmmf` needs. Import names carry a build hash, so they are matched by prefix.

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  dbName?: string | null;
  algorithm?: string;
  fields: { name: string; sortOrder?: 'asc' | 'desc'; operatorClass?: string }[];
}

interface DmmfEnum {
  name: string;
  dbName: string | null;
  values: { name: string; dbName: string | null }[];
}

interface Datamodel {
  models: DmmfModel[];
  enums: DmmfEnum[];
  indexes: DmmfIndex[];
}

// The project's TypeScript lib has no DOM, where WebAssembly's types live; the little used here.
interface WasmTable {
  grow(delta: number): number;
  get(index: number): unknown;
  set(index: number, value: unknown): void;
}
interface SchemaWasmExports {
  memory: { buffer: ArrayBuffer };
  __wbindgen_externrefs: WasmTable;
  __wbindgen_start(): void;
  __wbindgen_malloc(size: number, align: number): number;
  __wbindgen_free(ptr: number, size: number, align: number): void;
  __externref_table_dealloc(index: number): void;
  get_dmmf(ptr: number, len: number): [number, number, number, number];
}
interface WasmRuntime {
  Module: {
    new (bytes: Uint8Array): object;
    imports(module: object): { module: string; name: string }[];
  };
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const { WebAssembly: wasmRuntime } = globalThis as unknown as { WebAssembly: WasmRuntime };

function loadPrismaSchemaWasm(): (schema: string) => Datamodel {
  const wasmPath = join(
    dirname(require.resolve('prisma/package.json')),
    'build',
    'prisma_schema_build_bg.wasm',
  );
  const module = new wasmRuntime.Module(readFileSync(wasmPath));
  const text = (ptr: number, len: number): string =>
    new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, ptr >>> 0, len));
  const glue: Record<string, (...args: number[]) => unknown> = {
    __wbg_set_message_: () => undefined,
    __wbg_Error_: (ptr, len) => new Error(text(ptr, len)),
    __wbg___wbindgen_throw_: (ptr, len) => {
      throw new Error(text(ptr, len));
    },
    __wbindgen_init_externref_table: () => {
      const table = wasm.__wbindgen_externrefs;
      const offset = table.grow(4);
      table.set(0, undefined);
      [undefined, null, true, false].forEach((value, i) => table.set(offset + i, value));
    },
  };
  const imports: Record<string, Record<string, unknown>> = {};
  for (const { module: from, name } of wasmRuntime.Module.imports(module)) {
    const implementation = Object.entries(glue).find(([prefix]) => name.startsWith(prefix))?.[1];
    if (!implementation) {
      throw new Error(`${wasmPath} needs an unknown import ${name}; update the glue`);
    }
    (imports[from] ??= {})[name] = implementation;
  }
  // The glue above runs only from here on, once `wasm` is set.
  const wasm = new wasmRuntime.Instance(module, imports).exports as SchemaWasmExports;
  wasm.__wbindgen_start();

  return (schema) => {
    const input = new TextEncoder().encode(JSON.stringify({ prismaSchema: schema, noColor: true }));
    const ptr = wasm.__wbindgen_malloc(input.length, 1) >>> 0;
    new Uint8Array(wasm.memory.buffer, ptr, input.length).set(input);
    const [outPtr, outLen, errorRef, failed] = wasm.get_dmmf(ptr, input.length);
    if (failed) {
      const error = wasm.__wbindgen_externrefs.get(errorRef);
      wasm.__externref_table_dealloc(errorRef);
      throw error;
    }
    try {
      return (JSON.parse(text(outPtr, outLen)) as { datamodel: Datamodel }).datamodel;
    } finally {
      wasm.__wbindgen_free(outPtr, outLen, 1);
    }
  };
}

// ---------------------------------------------------------------------------------------------
// One shape for both sides. Types are PostgreSQL's format_type() spelling, enums `enum Name`;
// defaults are pg_get_expr() without the trailing cast (the type is compared on its own).

interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
}

interface TableShape {
  columns: Map<string, ColumnShape>;
  primaryKey: string | null; // "name (col, ...)"
  indexes: Map<string, string>; // name -> "UNIQUE btree (col DESC, col opclass)"
  foreignKeys: Map<string, string>; // name -> "(col) -> table(col) ON DELETE … ON UPDATE …"
}

interface DatabaseShape {
  tables: Map<string, TableShape>;
  enums: Map<string, string[]>;
  extensions: Set<string>;
}

const emptyTable = (): TableShape => ({
  columns: new Map(),
  primaryKey: null,
  indexes: new Map(),
  foreignKeys: new Map(),
});

/** Prisma's default constraint names: `{table}_{columns}_{suffix}`, cut to PostgreSQL's limit. */
function defaultName(table: string, columns: string[], suffix: string): string {
  const base = [table, ...columns].join('_');
  return base.slice(0, MAX_IDENTIFIER_LENGTH - suffix.length - 1) + '_' + suffix;
}

const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Text: () => 'text',
  Citext: () => 'citext',
  Uuid: () => 'uuid',
  Inet: () => 'inet',
  VarChar: ([n]) => (n ? `character varying(${n})` : 'character varying'),
  Char: ([n]) => `character(${n ?? 1})`,
  SmallInt: () => 'smallint',
  Integer: () => 'integer',
  BigInt: () => 'bigint',
  Real: () => 'real',
  DoublePrecision: () => 'double precision',
  Decimal: (args) => (args.length ? `numeric(${args.join(',')})` : 'numeric'),
  Boolean: () => 'boolean',
  Timestamp: ([p]) => `timestamp(${p ?? 6}) without time zone`,
  Timestamptz: ([p]) => `timestamp(${p ?? 6}) with time zone`,
  Date: () => 'date',
  Json: () => 'json',
  JsonB: () => 'jsonb',
  ByteA: () => 'bytea',
};

const SCALAR_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Float: 'double precision',
  Decimal: 'numeric(65,30)',
  Boolean: 'boolean',
  DateTime: 'timestamp(3) without time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
};

function expectedType(field: DmmfField, enumDbNames: Map<string, string>): string {
  let base: string | undefined;
  if (field.kind === 'enum') base = `enum ${enumDbNames.get(field.type)}`;
  else if (field.nativeType) base = NATIVE_TYPES[field.nativeType[0]]?.(field.nativeType[1]);
  else base = SCALAR_TYPES[field.type];
  if (!base) {
    throw new Error(`No PostgreSQL type known for ${field.name}: add it to this test's type maps`);
  }
  return field.isList ? `${base}[]` : base;
}

const quoteLiteral = (value: string): string => `'${value.replace(/'/g, "''")}'`;

function expectedDefault(field: DmmfField, table: string): string | null {
  if (!field.hasDefaultValue || field.isUpdatedAt) return null;
  const value = field.default;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { name, args } = value as { name: string; args: unknown[] };
    if (['uuid', 'cuid', 'nanoid', 'ulid'].includes(name)) return null; // generated by the client
    if (name === 'now') return 'CURRENT_TIMESTAMP';
    if (name === 'dbgenerated' && typeof args[0] === 'string') return args[0];
    // A serial column: PostgreSQL names its sequence <table>_<column>_seq.
    if (name === 'autoincrement') {
      return `nextval('${table}_${field.dbName ?? field.name}_seq'::regclass)`;
    }
    throw new Error(`Default ${name}() on ${field.name} is not handled by this test yet`);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'ARRAY[]';
    throw new Error(`Non-empty list default on ${field.name} is not handled by this test yet`);
  }
  if (typeof value === 'number') return value < 0 ? quoteLiteral(String(value)) : String(value);
  // The DMMF gives BigInt and Decimal defaults as strings; PostgreSQL shows them as numbers.
  if (typeof value === 'string' && ['BigInt', 'Decimal'].includes(field.type)) {
    return value.startsWith('-') ? quoteLiteral(value) : value;
  }
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return quoteLiteral(value);
  throw new Error(`Unexpected default ${JSON.stringify(value)} on ${field.name}`);
}

const REFERENTIAL_ACTIONS: Record<string, string> = {
  Cascade: 'CASCADE',
  Restrict: 'RESTRICT',
  NoAction: 'NO ACTION',
  SetNull: 'SET NULL',
  SetDefault: 'SET DEFAULT',
};

/** Prisma names built-in operator classes in PascalCase (JsonbPathOps); raw() ones are verbatim. */
const operatorClass = (name: string): string =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function indexSignature(
  unique: boolean,
  method: string,
  columns: { name: string; desc: boolean; opclass: string | null; nulls?: string }[],
  predicate: string | null = null,
): string {
  const list = columns.map((column) =>
    [column.name, column.desc ? 'DESC' : null, column.nulls ?? null, column.opclass]
      .filter(Boolean)
      .join(' '),
  );
  const where = predicate ? ` WHERE ${predicate}` : '';
  return `${unique ? 'UNIQUE ' : ''}${method} (${list.join(', ')})${where}`;
}

function expectedShape(schema: string, datamodel: Datamodel): DatabaseShape {
  const enumDbNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const tableOf = new Map(datamodel.models.map((m) => [m.name, m.dbName ?? m.name]));
  const columnOf = (model: string, field: string): string => {
    const found = datamodel.models
      .find((m) => m.name === model)
      ?.fields.find((f) => f.name === field);
    if (!found) throw new Error(`Unknown field ${model}.${field}`);
    return found.dbName ?? found.name;
  };

  const tables = new Map<string, TableShape>();
  for (const model of datamodel.models) {
    const table = tableOf.get(model.name)!;
    const shape = emptyTable();
    tables.set(table, shape);
    for (const field of model.fields) {
      if (field.kind === 'object') {
        const from = field.relationFromFields ?? [];
        if (from.length === 0) continue; // the other side of the relation holds the key
        const columns = from.map((name) => columnOf(model.name, name));
        const refColumns = (field.relationToFields ?? []).map((name) => columnOf(field.type, name));
        const onDelete = field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull');
        const onUpdate = field.relationOnUpdate ?? 'Cascade';
        shape.foreignKeys.set(
          defaultName(table, columns, 'fkey'),
          `(${columns.join(', ')}) -> ${tableOf.get(field.type)}(${refColumns.join(', ')})` +
            ` ON DELETE ${REFERENTIAL_ACTIONS[onDelete]} ON UPDATE ${REFERENTIAL_ACTIONS[onUpdate]}`,
        );
        continue;
      }
      shape.columns.set(field.dbName ?? field.name, {
        type: expectedType(field, enumDbNames),
        // Prisma creates list columns without NOT NULL.
        notNull: field.isRequired && !field.isList,
        default: expectedDefault(field, table),
      });
    }
  }

  for (const index of datamodel.indexes) {
    const table = tableOf.get(index.model)!;
    const shape = tables.get(table)!;
    const columns = index.fields.map((f) => columnOf(index.model, f.name));
    if (index.type === 'id') {
      shape.primaryKey = `${index.dbName ?? `${table}_pkey`} (${columns.join(', ')})`;
      continue;
    }
    if (index.type === 'fulltext') throw new Error('Full-text indexes do not exist on PostgreSQL');
    const unique = index.type === 'unique';
    const name = index.dbName ?? defaultName(table, columns, unique ? 'key' : 'idx');
    shape.indexes.set(
      name,
      indexSignature(
        unique,
        (index.algorithm ?? 'BTree').toLowerCase(),
        index.fields.map((f) => ({
          name: columnOf(index.model, f.name),
          desc: f.sortOrder === 'desc',
          opclass: f.operatorClass ? operatorClass(f.operatorClass) : null,
        })),
      ),
    );
  }

  const enums = new Map(
    datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)]),
  );
  const declared = /extensions\s*=\s*\[([^\]]*)\]/.exec(schema)?.[1] ?? '';
  const extensions = new Set(
    declared
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
  return { tables, enums, extensions };
}

// ---------------------------------------------------------------------------------------------
// The database side, from pg_catalog.

const REFERENTIAL_CODES: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

// Partitions (analytics_events' months, made by the worker) are left out: schema.prisma describes
// the partitioned table, whose columns, keys and indexes every partition inherits.
async function actualShape(client: Client): Promise<DatabaseShape> {
  const tables = new Map<string, TableShape>();
  const tableShape = (name: string): TableShape => {
    if (!tables.has(name)) tables.set(name, emptyTable());
    return tables.get(name)!;
  };

  const relations = await client.query<{ table: string }>(
    `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  relations.rows.forEach((row) => tableShape(row.table));

  const columns = await client.query<{
    table: string;
    column: string;
    type: string;
    not_null: boolean;
    default: string | null;
  }>(
    `SELECT c.relname AS table, a.attname AS column, a.attnotnull AS not_null,
            CASE WHEN et.typtype = 'e' THEN 'enum ' || et.typname || CASE WHEN t.typelem <> 0 THEN '[]' ELSE '' END
                 ELSE format_type(a.atttypid, a.atttypmod) END AS type,
            pg_get_expr(d.adbin, d.adrelid) AS default
     FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_type t ON t.oid = a.atttypid
     JOIN pg_type et ON et.oid = CASE WHEN t.typelem <> 0 AND t.typlen = -1 THEN t.typelem ELSE t.oid END
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  for (const row of columns.rows) {
    tableShape(row.table).columns.set(row.column, {
      type: row.type,
      notNull: row.not_null,
      default:
        row.default?.replace(/::(?:"[^"]+"|[a-z][a-z0-9_ ]*)(?:\(\d+(?:,\d+)?\))?(?:\[\])*$/, '') ??
        null,
    });
  }

  const indexColumns = await client.query<{
    table: string;
    name: string;
    unique: boolean;
    primary: boolean;
    method: string;
    column: string;
    option: number;
    opclass: string;
    opclass_default: boolean;
    predicate: string | null;
  }>(
    `SELECT t.relname AS table, i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
            am.amname AS method, pg_get_indexdef(x.indexrelid, k.ord::int, true) AS column,
            x.indoption[k.ord - 1] AS option, oc.opcname AS opclass, oc.opcdefault AS opclass_default,
            pg_get_expr(x.indpred, x.indrelid) AS predicate
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_class t ON t.oid = x.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     JOIN pg_am am ON am.oid = i.relam
     CROSS JOIN LATERAL unnest(x.indclass::oid[]) WITH ORDINALITY AS k(opclass, ord)
     JOIN pg_opclass oc ON oc.oid = k.opclass
     WHERE n.nspname = 'public' AND NOT t.relispartition
     ORDER BY t.relname, i.relname, k.ord`,
  );
  const grouped = new Map<string, typeof indexColumns.rows>();
  for (const row of indexColumns.rows) {
    if (row.primary) continue; // compared as the primary key constraint below
    const key = `${row.table}\u0000${row.name}`;
    grouped.set(key, [...(grouped.get(key) ?? []), row]);
  }
  for (const [first, ...rest] of grouped.values()) {
    if (!first) continue;
    tableShape(first.table).indexes.set(
      first.name,
      indexSignature(
        first.unique,
        first.method,
        [first, ...rest].map((row) => {
          const desc = (row.option & 1) === 1;
          const nullsFirst = (row.option & 2) === 2;
          return {
            name: row.column,
            desc,
            // PostgreSQL's default is NULLS LAST ascending and NULLS FIRST descending.
            nulls: nullsFirst === desc ? undefined : nullsFirst ? 'NULLS FIRST' : 'NULLS LAST',
            opclass: row.opclass_default ? null : row.opclass,
          };
        }),
        first.predicate,
      ),
    );
  }

  const constraints = await client.query<{
    table: string;
    name: string;
    type: 'p' | 'f';
    columns: string[];
    ref_table: string | null;
    ref_columns: string[] | null;
    on_delete: string;
    on_update: string;
  }>(
    `SELECT t.relname AS table, c.conname AS name, c.contype AS type, rt.relname AS ref_table,
            c.confdeltype AS on_delete, c.confupdtype AS on_update,
            ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
                  JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord)::text[] AS columns,
            ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
                  JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.ord)::text[] AS ref_columns
     FROM pg_constraint c
     JOIN pg_class t ON t.oid = c.conrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     LEFT JOIN pg_class rt ON rt.oid = c.confrelid
     WHERE n.nspname = 'public' AND c.contype IN ('p', 'f') AND NOT t.relispartition`,
  );
  for (const row of constraints.rows) {
    const shape = tableShape(row.table);
    if (row.type === 'p') {
      shape.primaryKey = `${row.name} (${row.columns.join(', ')})`;
    } else {
      shape.foreignKeys.set(
        row.name,
        `(${row.columns.join(', ')}) -> ${row.ref_table}(${row.ref_columns!.join(', ')})` +
          ` ON DELETE ${REFERENTIAL_CODES[row.on_delete]} ON UPDATE ${REFERENTIAL_CODES[row.on_update]}`,
      );
    }
  }

  const enumRows = await client.query<{ name: string; values: string[] }>(
    `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS values
     FROM pg_type t
     JOIN pg_namespace n ON n.oid = t.typnamespace
     JOIN pg_enum e ON e.enumtypid = t.oid
     WHERE n.nspname = 'public'
     GROUP BY t.typname`,
  );
  const extensionRows = await client.query<{ name: string }>(
    'SELECT extname AS name FROM pg_extension',
  );
  return {
    tables,
    enums: new Map(enumRows.rows.map((row) => [row.name, row.values])),
    extensions: new Set(extensionRows.rows.map((row) => row.name)),
  };
}

// ---------------------------------------------------------------------------------------------

/** Prisma's own bookkeeping table, the only one allowed beyond schema.prisma. */
const MIGRATIONS_TABLE = '_prisma_migrations';

function compareMaps(
  label: string,
  expected: Map<string, string>,
  actual: Map<string, string>,
): string[] {
  const differences: string[] = [];
  for (const [name, signature] of expected) {
    const found = actual.get(name);
    if (found === undefined) differences.push(`${label} ${name}: missing (${signature})`);
    else if (found !== signature) {
      differences.push(`${label} ${name}: ${found}, expected ${signature}`);
    }
  }
  for (const [name, signature] of actual) {
    if (!expected.has(name))
      differences.push(`${label} ${name}: not in schema.prisma (${signature})`);
  }
  return differences;
}

function drift(expected: DatabaseShape, actual: DatabaseShape): string[] {
  const differences: string[] = [];
  for (const name of expected.extensions) {
    if (!actual.extensions.has(name)) differences.push(`extension ${name}: missing`);
  }
  const show = (values: string[]): string => `(${values.join(', ')})`;
  for (const [name, values] of expected.enums) {
    const found = actual.enums.get(name);
    if (!found) differences.push(`enum ${name}: missing`);
    else if (show(found) !== show(values)) {
      differences.push(`enum ${name}: ${show(found)}, expected ${show(values)}`);
    }
  }
  for (const name of actual.enums.keys()) {
    if (!expected.enums.has(name)) differences.push(`enum ${name}: not in schema.prisma`);
  }

  for (const [table, want] of expected.tables) {
    const have = actual.tables.get(table);
    if (!have) {
      differences.push(`table ${table}: missing`);
      continue;
    }
    for (const [column, spec] of want.columns) {
      const found = have.columns.get(column);
      const where = `column ${table}.${column}`;
      if (!found) {
        differences.push(`${where}: missing`);
        continue;
      }
      if (found.type !== spec.type)
        differences.push(`${where}: type ${found.type}, expected ${spec.type}`);
      if (found.notNull !== spec.notNull) {
        differences.push(
          `${where}: ${found.notNull ? 'NOT NULL' : 'nullable'}, expected ${spec.notNull ? 'NOT NULL' : 'nullable'}`,
        );
      }
      if (found.default !== spec.default) {
        differences.push(
          `${where}: default ${found.default ?? 'none'}, expected ${spec.default ?? 'none'}`,
        );
      }
    }
    for (const column of have.columns.keys()) {
      if (!want.columns.has(column))
        differences.push(`column ${table}.${column}: not in schema.prisma`);
    }
    if (have.primaryKey !== want.primaryKey) {
      differences.push(
        `primary key of ${table}: ${have.primaryKey ?? 'none'}, expected ${want.primaryKey ?? 'none'}`,
      );
    }
    differences.push(...compareMaps(`index on ${table}`, want.indexes, have.indexes));
    differences.push(...compareMaps(`foreign key on ${table}`, want.foreignKeys, have.foreignKeys));
  }
  for (const table of actual.tables.keys()) {
    if (table !== MIGRATIONS_TABLE && !expected.tables.has(table)) {
      differences.push(`table ${table}: not in schema.prisma`);
    }
  }
  return differences;
}

/**
 * Indexes Prisma's schema cannot describe (on an expression, or partial), created by a migration alone; each
 * is expected exactly as pg_catalog prints it. schema.prisma names them in a comment.
 */
const SQL_ONLY_INDEXES: { table: string; name: string; signature: string }[] = [
  {
    // 20261216000000_lead_search_lowercase
    table: 'leads',
    name: 'leads_search_trgm_idx',
    signature:
      "gin (owner_id, lower((((((first_name || ' '::text) || last_name) || ' '::text) || email) || ' '::text) || address) gin_trgm_ops) WHERE (NOT locked)",
  },
  {
    // 20261209100000_leads_visible_by_owner
    table: 'leads',
    name: 'leads_visible_by_owner_idx',
    signature: 'btree (owner_id, created_at) WHERE ((spam_at IS NULL) AND (NOT locked))',
  },
  {
    // 20261213100000_leads_trends_by_owner. Key columns only, as compared here; its INCLUDE
    // columns are proven by lead-trends-explain.e2e-spec.ts's index-only scan.
    table: 'leads',
    name: 'leads_trends_by_owner_idx',
    signature: 'btree (owner_id, created_at) WHERE (spam_at IS NULL)',
  },
  {
    // 20261214000000_lead_events_unlocked_by_owner
    table: 'lead_events',
    name: 'lead_events_unlocked_by_owner_idx',
    signature: 'btree (owner_id, created_at) WHERE (type = \'unlocked\'::"LeadEventType")',
  },
  {
    // 20261210000000_bookings: the exclusion constraint's index (docs/calendar.md)
    table: 'bookings',
    name: 'bookings_no_overlap',
    signature:
      "gist (owner_id, tstzrange(starts_at, blocked_until, '[)'::text)) WHERE (status = 'booked'::\"BookingStatus\")",
  },
  {
    // 20261210000000_bookings
    table: 'bookings',
    name: 'bookings_one_per_lead_idx',
    signature: 'UNIQUE btree (lead_id) WHERE (status = \'booked\'::"BookingStatus")',
  },
];

function withSqlOnlyIndexes(shape: DatabaseShape): DatabaseShape {
  for (const index of SQL_ONLY_INDEXES) {
    shape.tables.get(index.table)?.indexes.set(index.name, index.signature);
  }
  return shape;
}

describe('database schema (prisma/migrations) against prisma/schema.prisma', () => {
  const schema = readFileSync(SCHEMA_PATH, 'utf8');
  const expected = withSqlOnlyIndexes(expectedShape(schema, loadPrismaSchemaWasm()(schema)));
  let db: TestDatabase;
  let client: Client;
  let applied: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
    // The test database arrives migrated; start from an empty one to prove the migrations alone.
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    applied = await applyMigrations(db.url);
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('applies every migration on disk to an empty database', () => {
    expect(applied).toEqual(readMigrations().map((migration) => migration.name));
  });

  it('reads a model with tables, enums and indexes from schema.prisma', () => {
    // Guards the comparison below against an empty or misread schema.
    expect(expected.tables.size).toBeGreaterThanOrEqual(14);
    expect(expected.tables.get('users')?.columns.get('email')?.type).toBe('citext');
    expect(expected.tables.get('leads')?.indexes.get('leads_search_trgm_idx')).toMatch(/^gin /);
    expect(expected.enums.get('LeadStatus')).toEqual([
      'new',
      'contacted',
      'qualified',
      'converted',
      'lost',
    ]);
  });

  it('has exactly the tables, columns, types, defaults, keys, indexes and enums of the schema', async () => {
    expect(drift(expected, await actualShape(client))).toEqual([]);
  });

  // Each change is made inside a transaction that is rolled back, so the comparison proves it
  // notices the kind of drift a hand-written migration could introduce.
  it.each([
    [
      'a dropped column',
      'ALTER TABLE "leads" DROP COLUMN "zip_code"',
      'column leads.zip_code: missing',
    ],
    [
      'an extra column',
      'ALTER TABLE "outbox" ADD COLUMN "extra" TEXT',
      'column outbox.extra: not in schema.prisma',
    ],
    ['an extra table', 'CREATE TABLE "stray" ("id" INTEGER)', 'table stray: not in schema.prisma'],
    [
      'a changed type',
      'ALTER TABLE "material_pricing" ALTER COLUMN "min_price" TYPE DOUBLE PRECISION',
      'column material_pricing.min_price: type double precision, expected numeric(8,2)',
    ],
    [
      'a lost case-insensitive e-mail',
      'ALTER TABLE "users" ALTER COLUMN "email" TYPE TEXT',
      'column users.email: type text, expected citext',
    ],
    [
      'a changed nullability',
      'ALTER TABLE "users" ALTER COLUMN "full_name" SET NOT NULL',
      'column users.full_name: NOT NULL, expected nullable',
    ],
    [
      'a changed default',
      'ALTER TABLE "leads" ALTER COLUMN "score" SET DEFAULT 40',
      'column leads.score: default 40, expected 50',
    ],
    [
      'a dropped index',
      'DROP INDEX "leads_search_trgm_idx"',
      'index on leads leads_search_trgm_idx: missing',
    ],
    [
      'a search index on other columns than the search reads',
      `DROP INDEX "leads_search_trgm_idx"; CREATE INDEX "leads_search_trgm_idx" ON "leads" USING GIN ((first_name || ' ' || last_name) gin_trgm_ops)`,
      'index on leads leads_search_trgm_idx: gin (',
    ],
    [
      'an index without its sort order',
      'DROP INDEX "leads_owner_id_score_id_idx"; CREATE INDEX "leads_owner_id_score_id_idx" ON "leads"("owner_id", "score", "id")',
      'index on leads leads_owner_id_score_id_idx: btree (owner_id, score, id), expected btree (owner_id, score DESC, id DESC)',
    ],
    [
      'a unique index that is no longer unique',
      'DROP INDEX "users_email_key"; CREATE INDEX "users_email_key" ON "users"("email")',
      'index on users users_email_key: btree (email), expected UNIQUE btree (email)',
    ],
    [
      'a changed referential action',
      'ALTER TABLE "leads" DROP CONSTRAINT "leads_owner_id_fkey", ADD CONSTRAINT "leads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id")',
      'foreign key on leads leads_owner_id_fkey: (owner_id) -> users(id) ON DELETE NO ACTION ON UPDATE NO ACTION',
    ],
    [
      'an extra enum value',
      `ALTER TYPE "LeadStatus" ADD VALUE 'archived'`,
      'enum LeadStatus: (new, contacted, qualified, converted, lost, archived)',
    ],
  ])('notices %s', async (_kind, change, difference) => {
    await client.query('BEGIN');
    try {
      await client.query(change);
      const differences = drift(expected, await actualShape(client));
      expect(differences.some((line) => line.startsWith(difference))).toBe(true);
    } finally {
      await client.query('ROLLBACK');
    }
  });

  it('treats e-mail addresses as unique regardless of case', async () => {
    await client.query('BEGIN');
    try {
      const insert = `INSERT INTO "users" ("id", "email", "updated_at") VALUES (gen_random_uuid(), $1, now())`;
      await client.query(insert, ['Owner@Example.com']);
      await expect(client.query(insert, ['owner@example.COM'])).rejects.toThrow(/users_email_key/);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});
