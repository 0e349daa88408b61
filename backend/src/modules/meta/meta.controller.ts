import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator.js';

export class ApiInfoDto {
  @ApiProperty({ example: 'Redpen API' }) name: string;
  @ApiProperty({ example: '1.0.0' }) version: string;
}

/** `GET /api`: the client's start-up connectivity test and the benchmark's JSON endpoint. */
@ApiTags('meta')
@Public()
@Controller()
export class MetaController {
  private static readonly info: ApiInfoDto = { name: 'Redpen API', version: '1.0.0' };

  @Get()
  @ApiOkResponse({ type: ApiInfoDto })
  info(): ApiInfoDto {
    return MetaController.info;
  }
}
