import { ForbiddenException } from '@nestjs/common';

/** A 403 that the error filter answers with `stepUpRequired: true` (see step-up.ts). */
export class StepUpRequiredException extends ForbiddenException {}
