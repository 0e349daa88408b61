import { applyDecorators } from '@nestjs/common';
import { ApiConsumes, ApiRequestTimeoutResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';

/**
 * A multipart route of UploadService: what every such route takes and may answer. `busy` describes
 * the route's 503 (by default: the server could not spool the file).
 */
export function ApiUpload(busy = 'Uploads are unavailable for a moment (the server cannot spool the file): nothing was kept; try again after Retry-After seconds (SERVICE_BUSY)'): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiRequestTimeoutResponse({
      description: 'The body came too slowly (no bytes for UPLOAD_IDLE_SECONDS, or under UPLOAD_MIN_BYTES_PER_SECOND on average): nothing was kept, the connection closes (UPLOAD_TIMEOUT)',
    }),
    ApiServiceUnavailableResponse({ description: busy }),
  );
}
