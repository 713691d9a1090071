import { NotFoundException } from '@nestjs/common';
import { IntIdPipe } from './admin-list.js';

describe('IntIdPipe', () => {
  it('answers the id, or 404 with the resource message', () => {
    const pipe = new IntIdPipe('Thing not found');
    expect(pipe.transform('42')).toBe(42);
    for (const raw of ['0', '-1', '1.5', 'abc', '', '2147483648', '007'])
      expect(() => pipe.transform(raw)).toThrow(new NotFoundException('Thing not found'));
  });
});
