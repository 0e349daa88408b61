import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN } from '@redpen/shared/account-rules';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * Contact form: all four fields required, with the spec's messages. class-validator runs a
 * property's decorators bottom-up, so the "required" checks sit nearest the property.
 */
export class ContactMessageDto {
  @ApiProperty({ example: 'Jane Doe' })
  @Transform(trim)
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @IsNotEmpty({ message: 'Name is required' })
  @IsString({ message: 'Name is required' })
  name: string;

  @ApiProperty({ example: 'jane@example.com' })
  @Transform(trim)
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })
  @IsNotEmpty({ message: 'Email is required' })
  @IsString({ message: 'Email is required' })
  email: string;

  @ApiProperty({ example: 'Question about pricing' })
  @Transform(trim)
  @MaxLength(200, { message: 'Subject must be at most 200 characters' })
  @IsNotEmpty({ message: 'Subject is required' })
  @IsString({ message: 'Subject is required' })
  subject: string;

  @ApiProperty({ example: 'How long does a review take?' })
  @Transform(trim)
  @MaxLength(5000, { message: 'Message must be at most 5000 characters' })
  @IsNotEmpty({ message: 'Message is required' })
  @IsString({ message: 'Message is required' })
  message: string;

  /**
   * The honeypot (CONTACT_HONEYPOT_FIELD): a field the page hides from people, which form-filling robots fill in.
   * Kept out of the API's document and never validated, so a robot learns nothing from the answer: a message with
   * it filled is answered as sent and is not sent (ContactService).
   */
  @ApiHideProperty()
  @Allow()
  website?: unknown;
}

export class ContactAcceptedDto {
  @ApiProperty({ example: 'Thank you! Your message has been sent.' })
  message: string;

  @ApiProperty({ example: 'RP-7KQ4-M2XD', description: 'The reference quoted in the acknowledgement email and to support' })
  reference: string;
}
