import { Module } from '@nestjs/common';

/** Tutors: see the spec and docs/architecture.md; its routes arrive with the issue that builds this capability. */
@Module({})
export class TutorsModule {}
