import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Min, ValidateNested } from 'class-validator';
import { ValidationFailedException } from '../errors.js';
import { createValidationPipe } from './validation.pipe.js';

class Grade {
  @IsNotEmpty({ message: 'Grade is required' })
  grade: string;
}
class Form {
  @IsString({ message: 'Title is required' })
  title: string;
  @Min(1, { message: 'Word count must be positive' })
  @IsInt({ message: 'Word count must be a whole number' })
  wordCount: number;
  @ValidateNested({ each: true })
  @Type(() => Grade)
  aLevels: Grade[];
}

describe('validation pipe', () => {
  const pipe = createValidationPipe();
  const validate = (value: unknown) => pipe.transform(value, { type: 'body', metatype: Form });

  it('answers with the first field message as the headline and every field listed', async () => {
    const error = await validate({ wordCount: 1.5, aLevels: [{ grade: 'A' }, {}] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailedException);
    expect((error as ValidationFailedException).getResponse()).toEqual({
      message: 'Title is required',
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'title', message: 'Title is required' },
        { field: 'wordCount', message: 'Word count must be a whole number' },
        { field: 'aLevels.1.grade', message: 'Grade is required' },
      ],
    });
  });

  it('strips fields the DTO does not declare', async () => {
    const value = await validate({ title: 'Essay', wordCount: 10, aLevels: [], role: 'admin' });
    expect(value).toEqual(Object.assign(new Form(), { title: 'Essay', wordCount: 10, aLevels: [] }));
    expect((value as Record<string, unknown>).role).toBeUndefined();
  });
});
