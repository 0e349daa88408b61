/** Writes `<file>.gz` and `<file>.br` (maximum compression) beside one file. */
export function writeCompressedTwinsOf(file: string): void;
/** Writes the twins of every text asset over 1 KB under `dir`. */
export function writeCompressedTwins(dir: string): void;
