import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * A request header's value (the first, when it is repeated), or undefined. Unlike `@Headers(name)`, which
 * Swagger documents as a required parameter, it documents nothing: a header clients may set is documented
 * once, with `@ApiHeader`.
 */
export const RequestHeader = createParamDecorator((name: string, context: ExecutionContext) => {
  const { headers } = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
  const value = headers[name.toLowerCase()];
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' ? first : undefined;
});
