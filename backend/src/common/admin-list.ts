import { NotFoundException, type PipeTransform } from '@nestjs/common';
import { toIntId } from './list-query.js';

/**
 * `:id` of a table with an integer key: anything that cannot be such an id is a 404 with the resource's
 * own message, like an unknown id.
 */
export class IntIdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFound: string) {}

  transform(value: string): number {
    const id = toIntId(value);
    if (id === undefined) throw new NotFoundException(this.notFound);
    return id;
  }
}
