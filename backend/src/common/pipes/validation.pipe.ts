import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ValidationFailedException, type FieldError } from '../errors.js';

/** Flattens class-validator's tree into `{ field, message }` pairs with dotted paths for nested DTOs. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? Object.values(error.constraints).slice(0, 1).map((message) => ({ field, message })) : [];
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** The global pipe: whitelist DTO fields, transform to DTO classes, answer 400 in the house error shape. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidUnknownValues: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
  });
}
