import { BadRequestException, NotFoundException } from '@nestjs/common';
import { IntIdPipe, takeIntIdFilter } from './admin-list.js';

describe('takeIntIdFilter', () => {
  it('takes numeric ids (numbers or digit strings) out of the filter and keeps the rest', () => {
    expect(takeIntIdFilter({ filter: '{"id":[3,"7"],"q":"x"}', range: '[0,9]' })).toEqual({
      query: { filter: '{"q":"x"}', range: '[0,9]' },
      ids: [3, 7],
    });
    expect(takeIntIdFilter({ filter: '{"id":[]}' })).toEqual({ query: { filter: '{}' }, ids: [] });
    expect(takeIntIdFilter({ filter: '{"id":null}' })).toEqual({ query: { filter: '{}' } });
  });

  it('leaves other filters, and malformed JSON, to parseListQuery', () => {
    for (const filter of [undefined, '{"q":"x"}', 'nope', '[1]', 'null'])
      expect(takeIntIdFilter({ filter })).toEqual({ query: { filter } });
  });

  it('refuses ids that cannot be integer keys', () => {
    for (const id of ['[0]', '[-1]', '[1.5]', '["x"]', '[2147483648]', '3', `[${'1,'.repeat(500)}1]`])
      expect(() => takeIntIdFilter({ filter: `{"id":${id}}` })).toThrow(BadRequestException);
  });
});

describe('IntIdPipe', () => {
  it('answers the id, or 404 with the resource message', () => {
    const pipe = new IntIdPipe('Thing not found');
    expect(pipe.transform('42')).toBe(42);
    for (const raw of ['0', '-1', '1.5', 'abc', '', '2147483648', '007'])
      expect(() => pipe.transform(raw)).toThrow(new NotFoundException('Thing not found'));
  });
});
