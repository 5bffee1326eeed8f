import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../server/runtime/config.js';
import type { Database } from '../../server/db/schema.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Two separate tenants with small place trees, for scoping tests:
 * - 1100 甲市 (city) > 1110 甲县, 1120 丙县 (counties) > 1111 甲镇, 1112 乙镇, 1121 丙镇 (towns)
 * - 2110 丁县 (county) > 2111 丁镇, 2112 戊镇 (towns)
 */
export const TENANT_A = 1100;
export const TENANT_A_COUNTY = 1110;
export const TENANT_A_TOWN = 1111;
export const TENANT_A_OTHER_COUNTY = 1120;
export const TENANT_B = 2110;
export const TENANT_B_TOWN = 2111;

export async function insertTestPlaces(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('place')
    .values([
      { deptId: 1000, deptName: '测试省', deptCode: '100000', parentId: 0, level: 1, ancestors: '0', lesseeId: null },
      { deptId: 1100, deptName: '甲市', deptCode: '110000', parentId: 1000, level: 2, ancestors: '0,1000', lesseeId: 11 },
      { deptId: 1110, deptName: '甲县', deptCode: '111000', parentId: 1100, level: 3, ancestors: '0,1000,1100', lesseeId: 12 },
      { deptId: 1111, deptName: '甲镇', deptCode: '111100', parentId: 1110, level: 4, ancestors: '0,1000,1100,1110', lesseeId: null },
      { deptId: 1112, deptName: '乙镇', deptCode: '111200', parentId: 1110, level: 4, ancestors: '0,1000,1100,1110', lesseeId: null },
      { deptId: 1120, deptName: '丙县', deptCode: '112000', parentId: 1100, level: 3, ancestors: '0,1000,1100', lesseeId: 13 },
      { deptId: 1121, deptName: '丙镇', deptCode: '112100', parentId: 1120, level: 4, ancestors: '0,1000,1100,1120', lesseeId: null },
      { deptId: 2000, deptName: '另一省', deptCode: '200000', parentId: 0, level: 1, ancestors: '0', lesseeId: null },
      { deptId: 2110, deptName: '丁县', deptCode: '211000', parentId: 2000, level: 3, ancestors: '0,2000', lesseeId: 21 },
      { deptId: 2111, deptName: '丁镇', deptCode: '211100', parentId: 2110, level: 4, ancestors: '0,2000,2110', lesseeId: null },
      { deptId: 2112, deptName: '戊镇', deptCode: '211200', parentId: 2110, level: 4, ancestors: '0,2000,2110', lesseeId: null },
    ])
    .execute();
}

/** The test server (see startTestServer) with the two tenants' places above inserted and loaded into its place tree. */
export async function startTestServerWithPlaces(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const server = await startTestServer(overrides);
  await insertTestPlaces(server.db);
  await server.reloadPlaces();
  return server;
}
