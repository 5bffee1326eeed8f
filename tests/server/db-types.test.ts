import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database.js';

// The row types in server/db/schema.ts are written by hand (they say more than the database: a role's three values,
// a JSON column's shape). This test holds them to the migrated database: the same tables and columns,
// null where the column allows NULL, optional on insert exactly where the column has a default or allows NULL, and
// the TypeScript type of each column's family (integer → number, numeric → string, timestamp → Date…).

interface DbColumn {
  table: string;
  column: string;
  nullable: boolean;
  hasDefault: boolean;
  dataType: string;
}

interface TsColumn {
  select: ts.Type;
  insertOptional: boolean;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Reads `Database` from server/db/schema.ts with the compiler: table → column → its select type and insert optionality. */
function readSchemaTypes(): { checker: ts.TypeChecker; tables: Map<string, Map<string, TsColumn>> } {
  const file = path.resolve('server/db/schema.ts');
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error('no Database interface in server/db/schema.ts');
  const tables = new Map<string, Map<string, TsColumn>>();
  for (const tableProp of checker.getPropertiesOfType(checker.getTypeAtLocation(database.name))) {
    const tableType = checker.getTypeOfSymbol(tableProp);
    const columns = new Map<string, TsColumn>();
    for (const columnProp of checker.getPropertiesOfType(tableType)) {
      const type = checker.getTypeOfSymbol(columnProp);
      // Kysely's ColumnType<S, I, U> and Generated<S> are objects with __select__/__insert__ members; a plain type is all three.
      const selectMember = type.getProperty('__select__');
      const insertMember = type.getProperty('__insert__');
      const select = selectMember ? checker.getTypeOfSymbol(selectMember) : type;
      const insert = insertMember ? checker.getTypeOfSymbol(insertMember) : type;
      const parts = insert.isUnion() ? insert.types : [insert];
      // `never`: the code may not write it at all (a column kept by triggers), which needs a default as much as optional does.
      const insertOptional = Boolean(insert.flags & ts.TypeFlags.Never) || parts.some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null));
      columns.set(columnProp.name, { select, insertOptional });
    }
    tables.set(tableProp.name, columns);
  }
  return { checker, tables };
}

/** The TypeScript family a PostgreSQL type must be read as (as the pg/PGlite drivers and our int8 parser return it). */
function expectedFamily(dataType: string): string {
  if (/^(integer|smallint|bigint|double precision|real)$/.test(dataType)) return 'number';
  if (/^(text|character varying|character|uuid|numeric|inet)$/.test(dataType)) return 'string';
  if (dataType === 'bytea') return 'bytes';
  if (/^timestamp/.test(dataType) || dataType === 'date') return 'Date';
  if (dataType === 'boolean') return 'boolean';
  if (/^jsonb?$/.test(dataType)) return 'json';
  return `unknown PostgreSQL type ${dataType}`;
}

function familyOf(checker: ts.TypeChecker, type: ts.Type): string {
  const parts = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
  const families = new Set(
    parts.map((t) => {
      if (t.flags & ts.TypeFlags.NumberLike) return 'number';
      if (t.flags & ts.TypeFlags.StringLike) return 'string';
      if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean';
      if (t.symbol?.name === 'Date') return 'Date';
      // bytea: a Buffer from pg, a Uint8Array from PGlite.
      if (t.symbol?.name === 'Uint8Array' || t.symbol?.name === 'Buffer') return 'bytes';
      return 'object';
    }),
  );
  return [...families].sort().join('|') || checker.typeToString(type);
}

describe('database row types (server/db/schema.ts) agree with the migrations', () => {
  let handle: DatabaseHandle;
  let columns: DbColumn[];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory' });
    await migrateToLatest(handle.db);
    const rows = await sql<{ tableName: string; columnName: string; isNullable: string; columnDefault: string | null; dataType: string }>`
      SELECT c.table_name, c.column_name, c.is_nullable, c.column_default, c.data_type
      FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'kysely_%'
      ORDER BY c.table_name, c.ordinal_position`.execute(handle.db);
    columns = rows.rows.map((r) => ({
      table: camel(r.tableName),
      column: camel(r.columnName),
      nullable: r.isNullable === 'YES',
      hasDefault: r.columnDefault !== null,
      dataType: r.dataType,
    }));
  }, 60_000);
  afterAll(() => handle?.close());

  it('has the same tables and columns, nullability, insert defaults and type families', () => {
    const { checker, tables } = readSchemaTypes();
    const problems: string[] = [];
    const dbTables = new Set(columns.map((c) => c.table));
    for (const table of dbTables) if (!tables.has(table)) problems.push(`table ${table}: in the database, not in Database`);
    for (const table of tables.keys()) if (!dbTables.has(table)) problems.push(`table ${table}: in Database, not in the database`);
    for (const table of dbTables) {
      const declared = tables.get(table);
      if (!declared) continue;
      const inDb = columns.filter((c) => c.table === table);
      for (const name of declared.keys()) if (!inDb.some((c) => c.column === name)) problems.push(`${table}.${name}: declared, no such column`);
      for (const column of inDb) {
        const typed = declared.get(column.column);
        const where = `${table}.${column.column} (${column.dataType}${column.nullable ? ', null' : ''}${column.hasDefault ? ', default' : ''})`;
        if (!typed) {
          problems.push(`${where}: column not declared`);
          continue;
        }
        const selectParts = typed.select.isUnion() ? typed.select.types : [typed.select];
        const selectNullable = selectParts.some((t) => t.flags & ts.TypeFlags.Null);
        if (selectNullable !== column.nullable) problems.push(`${where}: declared ${selectNullable ? 'nullable' : 'not null'}`);
        const optional = column.hasDefault || column.nullable;
        if (typed.insertOptional !== optional) problems.push(`${where}: declared ${typed.insertOptional ? 'optional' : 'required'} on insert`);
        const want = expectedFamily(column.dataType);
        const got = familyOf(checker, typed.select);
        if (want !== 'json' && got !== want) problems.push(`${where}: declared ${got}, read as ${want}`);
      }
    }
    expect(problems).toEqual([]);
    expect(dbTables.size).toBeGreaterThan(20);
  });
});
