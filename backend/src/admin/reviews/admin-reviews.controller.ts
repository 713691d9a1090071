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

/** The review queue's decisions; the queue itself is GET /api/admin/reviews (ReviewQueueController). */
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
      'order as it is; any decision on an order no longer held is otherwise a 409. An approval may also ' +
      'decide how the order is taxed (`taxCountry`, `consumerRate`): the amount paid stays; with VAT added, a ' +
      'rate that changes what the buyer owes is a 409 with `refundAndReorder: true` (reject it, and ask the ' +
      'buyer to order again).',
  })
  @ApiOkResponse({ type: ReviewResultDto })
  @ApiBadRequestResponse({
    description:
      'decision is not approve or reject, the note is too long, or taxCountry / consumerRate do not apply',
  })
  @ApiConflictResponse({
    description:
      'The order is not held (any more), or cannot be delivered now (e.g. its payment is disputed), or the ' +
      'tax decided would change what the buyer owes (`refundAndReorder: true`, with `paidCents` and `owedCents`)',
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
