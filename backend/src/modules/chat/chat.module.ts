import { Module } from '@nestjs/common';

/** Chat: see the spec and docs/architecture.md; its routes arrive with the issue that builds this capability. */
@Module({})
export class ChatModule {}
