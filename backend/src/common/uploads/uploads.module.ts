import { Module } from '@nestjs/common';
import { UploadService } from './upload.service.js';

/** The multipart upload helper, imported by each module with an upload route. */
@Module({ providers: [UploadService], exports: [UploadService] })
export class UploadsModule {}
