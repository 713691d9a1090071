import { BadRequestException } from '@nestjs/common';
import { contentRange, escapeLike, parseListQuery } from './list-query.js';

const spec = {
  sortable: ['createdAt', 'status'] as const,
  defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'],
  filters: { q: 'string', active: 'boolean', id: 'string[]' } as const,
};

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a BadRequestException');
};

describe('parseListQuery (ra-data-simple-rest dialect)', () => {
  it('defaults to the first 25 rows in the default order', () => {
    expect(parseListQuery({}, spec)).toEqual({
      sort: { field: 'createdAt', order: 'DESC' },
      skip: 0,
      take: 25,
      filter: {},
    });
  });

  it('reads sort, range and filter', () => {
    expect(
      parseListQuery(
        { sort: '["status","asc"]', range: '[10,19]', filter: '{"q":"jane","active":true,"id":["a"]}' },
        spec,
      ),
    ).toEqual({
      sort: { field: 'status', order: 'ASC' },
      skip: 10,
      take: 10,
      filter: { q: 'jane', active: true, id: ['a'] },
    });
  });

  it('ignores empty filter values', () => {
    expect(parseListQuery({ filter: '{"q":""}' }, spec).filter).toEqual({});
  });

  it.each([
    [{ sort: '["password","ASC"]' }, 'sort field must be one of createdAt, status'],
    [{ sort: '["status","SIDEWAYS"]' }, 'sort order must be ASC or DESC'],
    [{ sort: 'status' }, 'sort must be valid JSON'],
    [{ sort: '{"field":"status"}' }, 'sort must be ["field","ASC|DESC"]'],
    [{ range: '[-1,5]' }, 'range must be [start,end] with 0 <= start <= end'],
    [{ range: '[5,1]' }, 'range must be [start,end] with 0 <= start <= end'],
    [{ range: '[0,1.5]' }, 'range must be [start,end] with 0 <= start <= end'],
    [{ range: '[0,100000]' }, 'range may cover at most 500 rows'],
    [{ filter: '[1]' }, 'filter must be a JSON object'],
    [{ filter: '{"secret":1}' }, 'filter secret is not supported'],
    [{ filter: '{"__proto__":{"x":1}}' }, 'filter __proto__ is not supported'],
    [{ filter: '{"active":"yes"}' }, 'filter active must be true or false'],
    [{ filter: '{"q":{"$gt":""}}' }, 'filter q must be a string of at most 200 characters'],
    [{ filter: '{"id":[1,2]}' }, 'filter id must be a list of at most 500 strings'],
  ])('refuses %j with a 400', (query, expected) => {
    expect(message(() => parseListQuery(query, spec))).toBe(expected);
  });

  it('reads integer ids, as numbers or digit strings, and refuses what cannot be an integer key', () => {
    const ids = { ...spec, filters: { id: 'int[]', batchId: 'int' } as const };
    expect(parseListQuery({ filter: '{"id":[3,"7"],"batchId":"12"}' }, ids).filter).toEqual({
      id: [3, 7],
      batchId: 12,
    });
    expect(parseListQuery({ filter: '{"id":[],"batchId":null}' }, ids).filter).toEqual({ id: [] });
    for (const id of ['[0]', '[-1]', '[1.5]', '["x"]', '[2147483648]', '3', `[${'1,'.repeat(500)}1]`])
      expect(message(() => parseListQuery({ filter: `{"id":${id}}` }, ids))).toBe(
        'filter id must be a list of at most 500 whole-number ids',
      );
    for (const batchId of ['0', '"007"', '1.5', '[1]', 'true', '2147483648'])
      expect(message(() => parseListQuery({ filter: `{"batchId":${batchId}}` }, ids))).toBe(
        'filter batchId must be a whole-number id',
      );
  });

  it('formats Content-Range as simple-rest reads it', () => {
    expect(contentRange('orders', 0, 25, 1234)).toBe('orders 0-24/1234');
    expect(contentRange('orders', 50, 0, 10)).toBe('orders */10');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off!')).toBe('50!%!_off!!');
  });
});
