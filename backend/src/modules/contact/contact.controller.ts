import { Body, Controller, HttpCode, Ip, Post, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiExcludeEndpoint, ApiForbiddenResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator.js';
import { ContactFormErrorFilter } from './contact-form.filter.js';
import { CONTACT_SENT_PAGE } from './contact-form.page.js';
import { ContactService } from './contact.service.js';
import { ContactAcceptedDto, ContactMessageDto } from './dto/contact-message.dto.js';
import { SameSiteGuard } from './same-site.guard.js';

/** Both routes refuse a post another site made a browser send (SameSiteGuard): 403 before the fields are read. */
@ApiTags('contact')
@Public()
@UseGuards(SameSiteGuard)
@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ContactAcceptedDto })
  @ApiBadRequestResponse({ description: 'A field is missing or the email is invalid' })
  @ApiForbiddenResponse({ description: 'Sent by a page of another site: the Origin (or Referer) is not the web app (FORBIDDEN)' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this address' })
  async send(@Body() body: ContactMessageDto, @Ip() ip: string): Promise<ContactAcceptedDto> {
    const reference = await this.contact.submit(body, ip);
    return { message: 'Thank you! Your message has been sent.', reference };
  }

  /**
   * The same message posted by the contact page's HTML form when JavaScript is off (form-encoded, which the
   * adapter's body parser reads as it does for the local checkout page's form): validated and
   * sent exactly as above, answered for a browser: 303 to the result page, or a page saying what was wrong
   * (ContactFormErrorFilter), a post from another site's page included (403). Not part of the API's OpenAPI document: no client calls it but the page.
   */
  @Post('form')
  @UseFilters(ContactFormErrorFilter)
  @ApiExcludeEndpoint()
  async sendForm(@Body() body: ContactMessageDto, @Ip() ip: string, @Res() reply: FastifyReply): Promise<void> {
    await this.contact.submit(body, ip);
    void reply.status(303).header('location', CONTACT_SENT_PAGE).header('cache-control', 'no-store').send();
  }
}
