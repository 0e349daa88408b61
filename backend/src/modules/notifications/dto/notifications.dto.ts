import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsDateString, IsIn, IsOptional, IsUUID } from 'class-validator';
import { NOTIFICATION_KINDS, type NotificationKind } from '@redpen/shared/notifications';

export class NotificationDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ enum: NOTIFICATION_KINDS }) kind: NotificationKind;
  @ApiProperty() title: string;
  @ApiProperty() body: string;
  @ApiProperty({ type: String, nullable: true, description: "The web app's page the notice leads to (a path)" }) path: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) essayId: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) readAt: string | null;
}

export class NotificationsDto {
  @ApiProperty({ type: [NotificationDto], description: 'Newest first, a page at a time' }) notifications: NotificationDto[];
  @ApiProperty({ description: 'Unread notices in all (not only this page)' }) unreadCount: number;
  @ApiProperty({ description: 'Older notices exist: ask again with `before` = the last one’s createdAt and `beforeId` = its _id' }) hasMore: boolean;
}

export class NotificationsQueryDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'Only notices created before this instant (the next page)' })
  @IsOptional()
  @IsDateString({}, { message: 'before must be a date and time' })
  before?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'With `before`: the last notice shown (its _id), so that notices created at that very instant and not yet shown come next',
  })
  @IsOptional()
  @IsUUID('all', { message: 'beforeId must be a notification id' })
  beforeId?: string;
}

export class NotificationReadDto {
  @ApiProperty({ type: NotificationDto }) notification: NotificationDto;
  @ApiProperty() unreadCount: number;
}

export class NotificationsReadAllDto {
  @ApiProperty({ description: 'Always 0 after marking all read' }) unreadCount: number;
}

export class NotificationPreferencesDto {
  @ApiProperty({ enum: NOTIFICATION_KINDS, isArray: true, description: 'Kinds switched off (neither emailed nor listed)' }) muted: NotificationKind[];
  @ApiProperty({ enum: NOTIFICATION_KINDS, isArray: true, description: 'Kinds that can be switched off (not those about money or deadlines)' })
  switchable: NotificationKind[];
}

export class UpdateNotificationPreferencesDto {
  @ApiProperty({ enum: NOTIFICATION_KINDS, isArray: true, description: 'The kinds to switch off; every other switchable kind is on' })
  @IsArray({ message: 'muted must be a list of notification kinds' })
  @ArrayUnique({ message: 'muted must not repeat a kind' })
  @IsIn(NOTIFICATION_KINDS, { each: true, message: 'muted contains an unknown notification kind' })
  muted: NotificationKind[];
}
