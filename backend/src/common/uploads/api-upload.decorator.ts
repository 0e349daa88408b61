import { applyDecorators } from '@nestjs/common';
import { ApiConsumes, ApiRequestTimeoutResponse } from '@nestjs/swagger';

/** A multipart route of UploadService (DESIGN.md §10): what every such route takes and may answer. */
export function ApiUpload(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiRequestTimeoutResponse({
      description: 'The body came too slowly (no bytes for UPLOAD_IDLE_SECONDS, or under UPLOAD_MIN_BYTES_PER_SECOND on average): nothing was kept, the connection closes (UPLOAD_TIMEOUT)',
    }),
  );
}
