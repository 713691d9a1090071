import { Get, HttpCode, Param, ParseUUIDPipe, Post, Query, type StreamableFile } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
} from '@nestjs/swagger';
import { AdminController, Roles, Staff } from '../../common/auth.decorators.js';
import { pdfAttachment } from '../../common/pdf.js';
import type { StaffUserDto } from '../../common/staff-user.dto.js';
import { DisputeEvidenceService } from './dispute-evidence.service.js';
import { DisputesService } from './disputes.service.js';
import { AdminDisputeDto, EvidenceQueryDto, RestoreKeysResponseDto } from './dto/admin-dispute.dto.js';
import { EVIDENCE_PACK_SCHEMA } from './evidence-pack.schema.js';

const uuid = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** A dispute of an order (#19 §2): its evidence pack, sent to the provider, and the keys it revoked. */
@AdminController('orders', 'admin: orders')
export class AdminDisputesController {
  constructor(
    private readonly disputes: DisputesService,
    private readonly evidence: DisputeEvidenceService,
  ) {}

  @Get(':id/disputes/:disputeId/evidence')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'The evidence pack of a dispute, as one PDF or as JSON (admin and support; audited)',
    description:
      'What the store holds: order, lines, billing, the checkout address and country, the card country, ' +
      'the delivery e-mail (send time, Message-ID), downloads, licence activations, the checkout consents ' +
      'with their times, refunds. Values the store did not record read "not recorded".',
  })
  @ApiQuery({ name: 'format', enum: ['pdf', 'json'], required: false, description: 'Default pdf' })
  @ApiOkResponse({
    description: 'The PDF (attachment), or the pack as JSON',
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: EVIDENCE_PACK_SCHEMA },
    },
  })
  @ApiBadRequestResponse({ description: 'format is neither pdf nor json' })
  @ApiNotFoundResponse({ description: 'No such order, or no such dispute of it' })
  async evidencePack(
    @Param('id', uuid) id: string,
    @Param('disputeId', uuid) disputeId: string,
    @Query() query: EvidenceQueryDto,
    @Staff() staff: StaffUserDto,
  ): Promise<StreamableFile | object> {
    const format = query.format ?? 'pdf';
    const pack = await this.evidence.read(id, disputeId, format, staff);
    if (!Buffer.isBuffer(pack)) return pack;
    return pdfAttachment(pack, `dispute-evidence-${id.slice(0, 8)}.pdf`);
  }

  @Post(':id/disputes/:disputeId/evidence')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    summary: 'Submit the evidence pack to the payment provider as the dispute’s evidence (admin; audited)',
    description:
      'Sent as the provider’s evidence text fields and submitted (final). Refused (409) for a fraud warning, a ' +
      'closed dispute, evidence already submitted, or a provider without disputes (the demo provider).',
  })
  @ApiOkResponse({ type: AdminDisputeDto })
  @ApiConflictResponse({
    description: 'Not an open dispute, submitted already, or the provider has no disputes',
  })
  @ApiBadGatewayResponse({ description: 'The payment provider refused it or could not be reached' })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse()
  async submitEvidence(
    @Param('id', uuid) id: string,
    @Param('disputeId', uuid) disputeId: string,
    @Staff() staff: StaffUserDto,
  ): Promise<AdminDisputeDto> {
    return AdminDisputeDto.from(await this.evidence.submit(id, disputeId, staff));
  }

  @Post(':id/disputes/:disputeId/restore-keys')
  @HttpCode(200)
  @Roles('admin')
  @ApiOperation({
    summary: 'After a dispute won: make the keys it revoked work again, and their links (admin; audited)',
    description:
      'Keys a partial refund revoked stay revoked, and no line gets more working keys than its quantity.',
  })
  @ApiOkResponse({ type: RestoreKeysResponseDto })
  @ApiConflictResponse({
    description:
      'The dispute is not won, revoked no keys (or they were restored), or the order is not deliverable',
  })
  @ApiForbiddenResponse({ description: 'Support staff' })
  @ApiNotFoundResponse()
  restoreKeys(
    @Param('id', uuid) id: string,
    @Param('disputeId', uuid) disputeId: string,
    @Staff() staff: StaffUserDto,
  ): Promise<RestoreKeysResponseDto> {
    return this.disputes.restoreKeys(id, disputeId, staff);
  }
}
