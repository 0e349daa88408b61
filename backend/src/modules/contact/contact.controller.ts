import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator.js';
import { ContactService } from './contact.service.js';
import { ContactAcceptedDto, ContactMessageDto } from './dto/contact-message.dto.js';

@ApiTags('contact')
@Public()
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ContactAcceptedDto })
  @ApiBadRequestResponse({ description: 'A field is missing or the email is invalid' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this address' })
  async send(@Body() body: ContactMessageDto, @Ip() ip: string): Promise<ContactAcceptedDto> {
    const reference = await this.contact.submit(body, ip);
    return { message: 'Thank you! Your message has been sent.', reference };
  }
}
