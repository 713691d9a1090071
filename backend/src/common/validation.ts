import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Every message of every invalid field, nested ones included, each once. */
export function flattenValidationErrors(errors: ValidationError[]): string[] {
  const messages: string[] = [];
  const walk = (list: ValidationError[]) => {
    for (const error of list) {
      messages.push(...Object.values(error.constraints ?? {}));
      if (error.children?.length) walk(error.children);
    }
  };
  walk(errors);
  return [...new Set(messages)];
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Show the first failing rule per field: "Email is required", not also "must be an email".
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(flattenValidationErrors(errors)),
  });
}
