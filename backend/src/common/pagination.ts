import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The admin lists' page size when a client asks for a page without a limit (the spec's payments list). */
export const ADMIN_PAGE_SIZE = 20;
/** The largest page any list answers. */
export const MAX_PAGE_SIZE = 100;

/** `page` and `limit` of a paged list query; a list's own query DTO extends it with its filters. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: ADMIN_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  limit?: number;
}

/** The spec's pagination keys, answered by every paged admin list. */
export class PaginationDto {
  @ApiProperty() currentPage: number;
  @ApiProperty() totalPages: number;
  @ApiProperty({ description: 'The number of rows matching (the spec names it after the payments list)' }) totalPayments: number;
  @ApiProperty() hasPrev: boolean;
  @ApiProperty() hasNext: boolean;
}

/** The page a query asks for, with the defaults filled in and its row offset. */
export function pageOf(query: PageQueryDto, size = ADMIN_PAGE_SIZE): { page: number; limit: number; offset: number } {
  const page = query.page ?? 1;
  const limit = query.limit ?? size;
  return { page, limit, offset: (page - 1) * limit };
}

/** The pagination keys for `total` matching rows, read `limit` at a time, at `page`. */
export function paginationOf(page: number, limit: number, total: number): PaginationDto {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { currentPage: page, totalPages, totalPayments: total, hasPrev: page > 1, hasNext: page < totalPages };
}
