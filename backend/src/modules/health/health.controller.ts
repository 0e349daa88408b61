import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator.js';
import { HEALTH_PROBE_ROUTE } from '../../infra/logger.js';
import { HealthService } from './health.service.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness: the process answers. Touches no dependency, so a slow database never restarts the API. */
  @Get()
  @RouteConfig(HEALTH_PROBE_ROUTE)
  @HttpCode(200)
  @ApiOkResponse({ description: 'The process is alive' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL, Redis, S3 and SMTP each answer; 503 with the failing ones otherwise. */
  @Get('ready')
  @RouteConfig(HEALTH_PROBE_ROUTE)
  @ApiOkResponse({ description: 'Every dependency answers' })
  @ApiServiceUnavailableResponse({ description: 'At least one dependency is down' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const readiness = await this.health.readiness();
    void reply.status(readiness.status === 'ok' ? 200 : 503);
    return readiness;
  }
}
