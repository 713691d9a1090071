import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { Public } from '../common/auth.decorators.js';
import {
  ActivationStateDto,
  LicenseInstanceDto,
  LicenseValidateDto,
  LicenseValidationDto,
} from './dto/license-activation.dto.js';
import { LicenseActivationsService } from './license-activations.service.js';

/** Requests allowed per minute from one client address, counted separately for each route. */
export const LICENSE_REQUESTS_PER_MINUTE = 20;

const BAD_REQUEST =
  'License key must be 5 groups of 5 letters or digits / Instance ID is required (one message per field)';
const TOO_MANY = `More than ${LICENSE_REQUESTS_PER_MINUTE} requests a minute from this address`;

/**
 * Activation of licence keys, called by installed software, not by the storefront: public, throttled per
 * client address. Its URL keeps the first name, `/api/licenses/…` (a public contract).
 */
@ApiTags('licences')
@Public()
@UseGuards(ThrottlerGuard)
@Throttle({ default: { limit: LICENSE_REQUESTS_PER_MINUTE, ttl: 60_000 } })
@ApiBadRequestResponse({ description: BAD_REQUEST })
@ApiTooManyRequestsResponse({ description: TOO_MANY })
@Controller('licenses')
export class LicenseActivationsController {
  constructor(private readonly licenses: LicenseActivationsService) {}

  @Post('activate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Activate a key on one installation',
    description: 'Activating an installation that is already activated is free: the count is unchanged.',
  })
  @ApiOkResponse({ type: ActivationStateDto })
  @ApiNotFoundResponse({ description: 'License key not found' })
  @ApiForbiddenResponse({ description: 'This license key has been revoked / has expired' })
  @ApiConflictResponse({ description: 'This license key has reached its activation limit' })
  activate(@Body() body: LicenseInstanceDto): Promise<ActivationStateDto> {
    return this.licenses.activate(body.licenseKey, body.instanceId);
  }

  @Post('deactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Free the slot of one installation' })
  @ApiOkResponse({ type: ActivationStateDto })
  @ApiNotFoundResponse({
    description: 'License key not found / This instance is not activated for this license key',
  })
  deactivate(@Body() body: LicenseInstanceDto): Promise<ActivationStateDto> {
    return this.licenses.deactivate(body.licenseKey, body.instanceId);
  }

  @Post('validate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check a key without changing anything',
    description:
      'Always 200: an unknown key answers `{valid: false, status: "unknown"}`; `valid` means known and active.',
  })
  @ApiOkResponse({ type: LicenseValidationDto })
  validate(@Body() body: LicenseValidateDto): Promise<LicenseValidationDto> {
    return this.licenses.validate(body.licenseKey, body.instanceId);
  }
}
