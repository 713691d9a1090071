import { Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { AdminController, Staff } from '../../common/auth.decorators.js';
import { ListQueryDto, type ListPage } from '../../common/list-query.js';
import { SimpleRestList } from '../../common/simple-rest-list.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { ReviewQueueRowDto } from './dto/review-queue.dto.js';
import { ReviewQueueService } from './review-queue.service.js';

@AdminController('reviews', 'admin: reviews')
export class ReviewQueueController {
  constructor(private readonly queue: ReviewQueueService) {}

  @Get()
  @ApiOperation({
    summary: 'The review queue: orders held for review (ra-data-simple-rest dialect, Content-Range header)',
    description:
      'Orders with status `on_hold`, oldest hold first unless `sort` says otherwise (`heldAt`, `createdAt`, ' +
      '`totalCents`, `customerEmail`). Each row is the orders list row (hold reasons, evidence countries, ' +
      "tax) with the buyer's history by e-mail (paid orders placed before, their refunds, disputes and " +
      "early fraud warnings) and the order's timeline. Filters: `q` (start of the e-mail or of the order " +
      "id) and `id` (a list of ids). The total of `range=[0,0]` is the queue's length (the sidebar's count). " +
      'Decide with POST /api/admin/orders/:id/review.',
  })
  @SimpleRestList('reviews', ReviewQueueRowDto)
  list(@Query() query: ListQueryDto, @Staff() staff: StaffUserDto): Promise<ListPage<ReviewQueueRowDto>> {
    return this.queue.list(query, staff);
  }
}
