import { describe, expect, it } from 'vitest';
import { routeSchemas, rowSchemaOf } from '../../../blocks/_parts/console/api-schemas.js';
import { choicesOf, fieldLabel, valueText } from '../../../blocks/_parts/console/labels.js';
import {
  actionApplies,
  actionBody,
  filterBody,
  isDateField,
  listBody,
  pageSizeOf,
  rowsOf,
  sortableFields,
  typedQueryValue,
} from '../../../blocks/admin-table/rows.js';

describe('the console table reads its columns and filters from the call schemas', () => {
  it("resolves a route's input and row schemas across files ($refs replaced by what they name)", async () => {
    const { input, data } = await routeSchemas('auctionRegistrations');
    expect(input.properties?.projectId?.type).toBe('integer');
    const row = rowSchemaOf(data);
    expect(row.required).toContain('bidderCode');
    expect(row.properties?.state?.type).toBe('integer');
    expect(JSON.stringify(data)).not.toContain('$ref');
    await expect(routeSchemas('noSuchRoute' as never)).rejects.toThrow('noSuchRoute');
  });

  it('labels by title, choices in words, empty as —, objects as JSON', () => {
    const status = {
      title: '状态',
      type: 'string',
      oneOf: [
        { const: 'draft', title: '草稿' },
        { const: 'published', title: '已发布' },
      ],
    };
    const schema = { properties: { status, tags: { type: 'array', items: { type: 'string' } } } };
    expect(fieldLabel(schema, 'status')).toBe('状态');
    expect(fieldLabel(schema, 'tags')).toBe('tags');
    expect(choicesOf(status)).toEqual([
      { value: 'draft', text: '草稿' },
      { value: 'published', text: '已发布' },
    ]);
    expect(choicesOf({ type: 'string', enum: ['a', 'b'] }).map((c) => c.text)).toEqual(['a', 'b']);
    expect(valueText(status, 'published')).toBe('已发布');
    expect(valueText(status, 'unknown')).toBe('unknown');
    expect(valueText(undefined, '')).toBe('—');
    expect(valueText(undefined, null)).toBe('—');
    expect(valueText({ type: 'boolean' }, false)).toBe('否');
    expect(valueText(schema.properties.tags, ['甲', '乙'])).toBe('甲、乙');
    expect(valueText(undefined, { a: 1 })).toBe('{"a":1}');
  });

  it("builds the list body from fixed values, the address's filters (typed as the input wants) and the page", () => {
    const input = { properties: { state: { type: 'integer' }, keyword: { type: 'string' }, open: { type: 'boolean' } } };
    expect(typedQueryValue(input.properties.state, '2')).toBe(2);
    expect(typedQueryValue(input.properties.state, 'x')).toBe('x');
    expect(typedQueryValue(input.properties.open, 'false')).toBe(false);
    const body = listBody(
      input,
      { state: '0', keyword: ' 林地 ', open: '', page: '3', other: 'ignored' },
      {
        filters: ['state', 'keyword', 'open'],
        body: { category: '001' },
        paged: true,
        pageSize: 20,
      },
    );
    expect(body).toEqual({ category: '001', state: 0, keyword: ' 林地 ', pageNum: 3, pageSize: 20 });
    expect(listBody(input, { page: 'abc' }, { paged: true, pageSize: 5 })).toEqual({ pageNum: 1, pageSize: 5 });
    expect(listBody(input, { page: '2' }, { paged: false, pageSize: 5 })).toEqual({});
  });

  it("an action's body reads the row where it says $from, else sends the row key as id; when limits the rows", () => {
    const row = { id: 7, projectId: 12, userId: 34, status: 'draft' };
    expect(actionBody(undefined, row, 'id')).toEqual({ id: 7 });
    expect(actionBody({ projectId: { $from: 'row.projectId' }, userId: { $from: 'row.userId' }, approve: true }, row, 'id')).toEqual({
      projectId: 12,
      userId: 34,
      approve: true,
    });
    expect(actionApplies(undefined, row)).toBe(true);
    expect(actionApplies({ field: 'status', in: ['draft', 'withdrawn'] }, row)).toBe(true);
    expect(actionApplies({ field: 'status', in: ['published'] }, row)).toBe(false);
    expect(actionApplies({ field: 'projectId', in: ['12'] }, row)).toBe(true);
  });

  it('reads { rows, total }, plain lists and trees (flattened in order, with depth)', () => {
    expect(rowsOf({ rows: [{ id: 1 }], total: 9 })).toEqual({ rows: [{ id: 1 }], total: 9 });
    expect(rowsOf([{ id: 1 }, { id: 2 }])).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(rowsOf(null)).toEqual({ rows: [], total: 0 });
    const tree = { tree: [{ id: 1, children: [{ id: 2, children: [{ id: 3 }] }] }, { id: 4 }] };
    expect(rowsOf(tree, { rowsField: 'tree', childrenField: 'children' }).rows.map((r) => [r.id, r.__depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 0],
    ]);
  });
});

describe('the console table sorts, sizes its pages and offers dates', () => {
  it('sends a sort the call offers (in its orderBy enum), never one it does not', async () => {
    const { input } = await routeSchemas('auctionRegistrations');
    expect(sortableFields(input).has('name')).toBe(true);
    expect(sortableFields(input).has('phone')).toBe(false);
    expect(filterBody(input, { orderBy: 'name', order: 'asc', state: '2' }, { filters: ['state'] })).toEqual({ state: 2, orderBy: 'name', order: 'asc' });
    expect(filterBody(input, { orderBy: 'phone', order: 'asc' }, {})).toEqual({});
    expect(filterBody(input, { orderBy: 'name', order: 'sideways' }, {})).toEqual({ orderBy: 'name', order: 'desc' });
  });

  it('takes a page size from the address only when the table offers it', () => {
    expect(pageSizeOf({ pageSize: '50' }, { pageSize: 20 })).toBe(50);
    expect(pageSizeOf({ pageSize: '5000' }, { pageSize: 20 })).toBe(20);
    expect(pageSizeOf({ pageSize: '15' }, { pageSize: 20, pageSizes: [15, 30] })).toBe(15);
    expect(listBody({}, { page: '2', pageSize: '100' }, { paged: true, pageSize: 20 })).toEqual({ pageNum: 2, pageSize: 100 });
  });

  it('offers the date fields (the articles’ and the audit log’s ranges) as dates', async () => {
    const { input } = await routeSchemas('adminArticleList');
    expect(isDateField(input.properties?.from)).toBe(true);
    expect(isDateField(input.properties?.keyword)).toBe(false);
    expect((await routeSchemas('adminAuditList')).input.properties?.to).toSatisfy(isDateField);
  });
});
