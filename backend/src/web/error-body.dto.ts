import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorBody } from './http-error.filter.js';

/** Every error answer of the API (HttpErrorFilter), as the OpenAPI document describes it. */
export class ErrorBodyDto implements ErrorBody {
  @ApiProperty({ example: 404 })
  statusCode: number;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'What went wrong; a list when several fields are invalid',
    example: 'Product office-1999 not found',
  })
  message: string | string[];

  @ApiProperty({ description: "The status code's name", example: 'Not Found' })
  error: string;

  @ApiProperty({
    description:
      "The answer's X-Request-Id: the id a trusted proxy gave the request, otherwise a UUID. The server's " +
      'log lines of that request carry it.',
    example: '3f1c9a52-8d0e-4c4b-9a61-1f2e7d9b0c3a',
  })
  requestId: string;

  @ApiPropertyOptional({
    enum: [true],
    description:
      '428 only: the write is past its store-wide ceiling and needs a solved challenge (GET /api/challenge, ' +
      'sent in the X-Altcha header)',
  })
  challengeRequired?: true;

  @ApiPropertyOptional({
    enum: [true],
    description:
      'Only on a 403 of a change that needs a fresh confirmation: get a token from ' +
      'POST /api/admin/me/step-up and send it as X-Step-Up-Token',
  })
  stepUpRequired?: true;
}
