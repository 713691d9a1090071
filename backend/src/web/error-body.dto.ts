import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorBody, ErrorProblem } from './http-error.filter.js';

/** One problem of a refused request (a validation error names the field). */
export class ErrorProblemDto implements ErrorProblem {
  @ApiPropertyOptional({ description: "The field's dotted path", example: 'billing.email' })
  field?: string;

  @ApiProperty({ example: 'Please enter a valid email address' })
  message: string;
}

/** Every error answer of the API (HttpErrorFilter), as the OpenAPI document describes it. */
export class ErrorBodyDto implements ErrorBody {
  @ApiProperty({ example: 404 })
  statusCode: number;

  @ApiProperty({
    description:
      'What went wrong, always one string; when the request had several problems (a validation error), ' +
      'their messages joined with "; " (each is also in `errors`)',
    example: 'Product office-1999 not found',
  })
  message: string;

  @ApiProperty({ description: "The status code's name", example: 'Not Found' })
  error: string;

  @ApiPropertyOptional({
    type: [ErrorProblemDto],
    description: 'Each problem of a refused request (the first 20), with the field it is about',
  })
  errors?: ErrorProblemDto[];

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
