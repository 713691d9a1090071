import { Body, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { AdminReviewsService } from './admin-reviews.service.js';
import { ReviewDecisionDto, ReviewResultDto } from './dto/review.dto.js';

/** The review queue's decisions; the queue itself is the orders list filtered on status `on_hold`. */
@AdminController('orders', 'admin: reviews')
export class AdminReviewsController {
  constructor(private readonly reviews: AdminReviewsService) {}

  @Post(':id/review')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    summary: 'Approve or reject an order held for review (admin)',
    description:
      'approve: the order is delivered now (its reserved keys, the links and the delivery e-mail), once. ' +
      'reject: it is cancelled, its reserved keys go back to stock, the customer is e-mailed, and it is ' +
      'refunded in full through the payment provider (`refund` in the answer; a failed refund is made again ' +
      'with the Refund action). Audited; the note is kept on the order. The same decision again answers the ' +
      'order as it is; any decision on an order no longer held is otherwise a 409.',
  })
  @ApiOkResponse({ type: ReviewResultDto })
  @ApiBadRequestResponse({ description: 'decision is not approve or reject, or the note is too long' })
  @ApiConflictResponse({
    description:
      'The order is not held (any more), or cannot be delivered now (e.g. its payment is disputed)',
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse()
  review(
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body() body: ReviewDecisionDto,
    @Staff() staff: StaffUserDto,
  ): Promise<ReviewResultDto> {
    return this.reviews.decide(id, body, staff);
  }
}
