/**
 * The essay upload's client-side checks and its multipart body (the API's rule is
 * `backend/src/modules/essays/essays.uploads.ts` with `ESSAY_TYPES`). The API checks everything again, by content.
 */
import { ACADEMIC_LEVELS, ESSAY_SUBJECTS, type AcademicLevel } from '@redpen/shared/essay-levels';
import { ESSAY_FILE_MAX_BYTES, ESSAY_FILE_TYPES_LABEL } from '@redpen/shared/essay-rules';

/** The essay file types a student may upload, in the order the API names them. */
export const ESSAY_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.jpg', '.jpeg', '.png', '.gif', '.webp', '.bmp'] as const;
/** Files whose words the API cannot count: the student gives the count (it becomes the original). */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.bmp'] as const;
export const ESSAY_ACCEPT = ESSAY_EXTENSIONS.join(',');

export const UPLOAD_MESSAGES = {
  title: 'Title is required',
  subject: 'Subject is required',
  academicLevel: 'Academic level is required',
  file: 'Please upload a file',
  fileSize: 'File size must be less than 10 MB',
  // The API's label for ESSAY_TYPES, so both sides say the same.
  fileType: `Allowed file types: ${ESSAY_FILE_TYPES_LABEL}`,
  wordCount: 'Please enter the word count of your essay',
  wordCountWhole: 'Word count must be a whole number above 0',
  failed: 'Failed to upload essay. Please try again.',
} as const;

const hasExtension = (file: File, list: readonly string[]) => list.some((ext) => file.name.toLowerCase().endsWith(ext));

export const isImageFile = (file: File | null | undefined): boolean => !!file && hasExtension(file, IMAGE_EXTENSIONS);

/** The type (by extension) and size check of one chosen file; null when fine. */
export function essayFileProblem(file: File): string | null {
  if (!hasExtension(file, ESSAY_EXTENSIONS)) return UPLOAD_MESSAGES.fileType;
  if (file.size > ESSAY_FILE_MAX_BYTES) return UPLOAD_MESSAGES.fileSize;
  return null;
}

export type RequestType = 'feedback-only' | 'feedback_model';

export interface UploadValues {
  title: string;
  academicLevel: AcademicLevel | '';
  subject: string;
  studentRequest: RequestType;
  expedited: boolean;
  notes: string;
  /** Only sent for an image (or when the API could not read the document's words). */
  wordCount: string;
}

export interface UploadFiles {
  file: File | null;
  markingScheme: File | null;
}

export const EMPTY_UPLOAD: UploadValues = {
  title: '',
  academicLevel: '',
  subject: '',
  studentRequest: 'feedback-only',
  expedited: false,
  notes: '',
  wordCount: '',
};

export type UploadErrors = Partial<Record<keyof UploadValues | keyof UploadFiles, string>>;

export const subjectsFor = (level: AcademicLevel | ''): readonly string[] => (level ? ESSAY_SUBJECTS[level] : []);

export const isAcademicLevel = (value: string): value is AcademicLevel => (ACADEMIC_LEVELS as readonly string[]).includes(value);

/** Every problem the form can see before sending, in the spec's words. */
export function validateUpload(values: UploadValues, files: UploadFiles, { needsWordCount }: { needsWordCount: boolean }): UploadErrors {
  const errors: UploadErrors = {};
  if (!files.file) errors.file = UPLOAD_MESSAGES.file;
  else {
    const problem = essayFileProblem(files.file);
    if (problem) errors.file = problem;
  }
  if (files.markingScheme) {
    const problem = essayFileProblem(files.markingScheme);
    if (problem) errors.markingScheme = problem;
  }
  if (!values.title.trim()) errors.title = UPLOAD_MESSAGES.title;
  if (!values.academicLevel) errors.academicLevel = UPLOAD_MESSAGES.academicLevel;
  if (!values.subject) errors.subject = UPLOAD_MESSAGES.subject;
  if (needsWordCount) {
    const text = values.wordCount.trim();
    if (!text) errors.wordCount = UPLOAD_MESSAGES.wordCount;
    else if (!/^\d+$/.test(text) || Number(text) < 1) errors.wordCount = UPLOAD_MESSAGES.wordCountWhole;
  }
  return errors;
}

/** The multipart body of `POST /student/uploadEssay` (field names are the API's). */
export function buildUploadForm(values: UploadValues, files: UploadFiles, { sendWordCount }: { sendWordCount: boolean }): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('academicLevel', values.academicLevel);
  form.append('subject', values.subject);
  form.append('studentRequest', values.studentRequest);
  form.append('expedited', values.expedited ? 'true' : 'false');
  if (values.notes.trim()) form.append('notes', values.notes.trim());
  if (sendWordCount && values.wordCount.trim()) form.append('wordCount', values.wordCount.trim());
  if (files.file) form.append('file', files.file);
  if (files.markingScheme) form.append('markingScheme', files.markingScheme);
  return form;
}
