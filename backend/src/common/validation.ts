import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** One problem of a refused request: the field it is about (a dotted path such as `billing.email`), if any. */
export interface ErrorProblem {
  field?: string;
  message: string;
}

/**
 * Every message of every invalid field, nested ones included, each once, with the field's dotted path
 * (`billing.email`, `items.0.quantity`); a message class-validator gives without a property (an unknown
 * field: "property x should not exist") names the object it is in, or no field at the top level.
 */
export function flattenValidationErrors(errors: ValidationError[]): ErrorProblem[] {
  const problems: ErrorProblem[] = [];
  const seen = new Set<string>();
  const walk = (list: ValidationError[], parent: string) => {
    for (const error of list) {
      const field = parent ? `${parent}.${error.property}` : error.property;
      for (const message of Object.values(error.constraints ?? {})) {
        if (seen.has(message)) continue;
        seen.add(message);
        problems.push(field ? { field, message } : { message });
      }
      if (error.children?.length) walk(error.children, field);
    }
  };
  walk(errors, '');
  return problems;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // Show the first failing rule per field: "Email is required", not also "must be an email".
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException({ errors: flattenValidationErrors(errors) }),
  });
}
