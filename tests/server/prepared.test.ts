import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStatementName, executePrepared, sqlIntArray, sqlText } from '../../server/db/prepared.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';

describe('prepared statements on PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase();
  });
  afterAll(() => handle.close());

  it('refuses a statement name given to two texts (PGlite would keep running the first)', () => {
    claimStatementName('prepared_test_a', 'SELECT 1');
    expect(() => claimStatementName('prepared_test_a', 'SELECT 1')).not.toThrow();
    expect(() => claimStatementName('prepared_test_a', 'SELECT 2')).toThrow('prepared_test_a');
  });

  it('runs a PREPAREd statement with literals that keep quotes, backslashes and arrays intact', async () => {
    const text = `SELECT $1::text AS t, cardinality($2::int[]) AS n`;
    claimStatementName('prepared_test_b', text);
    const tricky = `it's 100% \\ 耕地`;
    const rows = await executePrepared<{ t: string; n: number }>(handle.db, 'prepared_test_b', 'text, int[]', text, [sqlText(tricky), sqlIntArray([1, 2, 3])]);
    expect(rows).toEqual([{ t: tricky, n: 3 }]);
  });
});
