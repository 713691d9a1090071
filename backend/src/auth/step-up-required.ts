import { ForbiddenException } from '@nestjs/common';

/** A 403 answered with `stepUpRequired: true` (a plain field the error filter passes on; see step-up.ts). */
export class StepUpRequiredException extends ForbiddenException {
  constructor(message: string) {
    super({ message, stepUpRequired: true });
  }
}
