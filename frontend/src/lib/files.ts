/**
 * The client-side check of an uploaded file (onboarding documents, profile pictures): PDF, JPEG or PNG
 * of at most 5 MB. The API checks again by content (magic bytes); this only saves a wasted upload.
 */
import { ONBOARDING_FILE_MAX_BYTES as MAX_FILE_BYTES } from '@redpen/shared/account-rules';

export const ALLOWED_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const ALLOWED_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export const FILE_MESSAGES = {
  fileType: 'Allowed file types: PDF, JPEG, PNG',
  imageType: 'Allowed file types: JPEG, PNG',
  fileSize: 'File size must be less than 5 MB',
} as const;

/** PDF, JPEG or PNG of at most 5 MB (checked again by content on the server). */
export function validateFile(file: File | null | undefined, { imagesOnly = false } = {}): string | null {
  if (!file) return null;
  const name = file.name.toLowerCase();
  const types: readonly string[] = imagesOnly ? ['image/jpeg', 'image/png'] : ALLOWED_FILE_TYPES;
  const extensions: readonly string[] = imagesOnly ? ['.jpg', '.jpeg', '.png'] : ALLOWED_EXTENSIONS;
  const typeOk = file.type ? types.includes(file.type) : extensions.some((ext) => name.endsWith(ext));
  if (!typeOk || !extensions.some((ext) => name.endsWith(ext))) {
    return imagesOnly ? FILE_MESSAGES.imageType : FILE_MESSAGES.fileType;
  }
  if (file.size > MAX_FILE_BYTES) return FILE_MESSAGES.fileSize;
  return null;
}

