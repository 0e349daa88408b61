import { CHAT_MASK } from '@redpen/shared/chat-rules';

/** Kinds of contact detail masked out of chat messages (students may be 16–17: contact stays on Redpen). */
export type MaskKind = 'email' | 'phone' | 'link' | 'handle';

export interface MaskResult {
  text: string;
  /** Kinds found, in a stable order; empty when the text was left alone. */
  flags: MaskKind[];
}

const EMAIL = /[\p{L}\p{N}!#$%&'*+/=?^_`{|}~.-]+\s*(?:@|\(at\)|\[at\]|\sat\s)\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*[\p{L}\p{N}-]+)*\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*(?:com|net|org|uk|io|me|edu|ac|gov|info|co|biz|de|fr|ie|app)\b(?:\.[a-z]{2})?/giu;

const TLDS = 'com|net|org|io|me|ly|gg|app|dev|uk|co|info|biz|xyz|link|site|online|page|tv|ie|de|fr|eu|us|ca|au|in|ru|cn|to|be|chat|social|live';
/** Explicit URLs, www hosts and bare domains with a known top-level domain (so "3.2" or "essay.pdf" are left alone). */
const LINK = new RegExp(
  String.raw`\b(?:https?:\/\/|www\.)[^\s<>"']+|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${TLDS})\b(?:\/[^\s<>"']*)?|\b(?:wa\.me|t\.me|discord\.gg)\/[^\s]+`,
  'gi',
);

const PLATFORMS = String.raw`snap(?:chat)?|insta(?:gram)?|ig|whats\s?app|telegram|discord|tik\s?tok|twitter|x\.com|kik|facebook|fb|messenger|signal|skype|wechat|line\s?id`;
/** "snap: name", "my insta is name", "discord - name#1234"; then any remaining "@name". */
const PLATFORM_HANDLE = new RegExp(String.raw`\b(?:${PLATFORMS})\b\s*(?:(?:id|name|handle|username|user)\s*)?(?::|=|-|\bis\b|\bat\b)\s*@?[\p{L}\p{N}_.#]{3,}`, 'giu');
const AT_HANDLE = /(^|[\s(,;:])@[\p{L}_][\p{L}\p{N}_.]{2,}/gu;

/**
 * Phone numbers: a run of digits with spaces, dots, dashes or brackets between them (never "/" or ",", so dates
 * and prices never join up). A run is a phone number when it holds 10–15 digits and starts with "+", "00" or "0"
 * (UK and international dialling), or is 10+ digits with no separators at all. Word counts, years, prices and
 * dates have fewer digits or other separators.
 */
const DIGIT_RUN = /(?<![\p{L}\p{N}])(\+|\(\+?)?\d(?:[\d \t.()-]*\d)?(?![\p{L}\p{N}])/gu;

function isPhone(run: string): boolean {
  const digits = run.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return false;
  if (/^\(?\+/.test(run) || digits.startsWith('00') || digits.startsWith('0')) return true;
  return /^\d+$/.test(run);
}

/** Masks phone numbers, email addresses, off-platform links and social handles; returns what it found. */
export function maskContactDetails(input: string): MaskResult {
  const found = new Set<MaskKind>();
  let text = input.replace(EMAIL, () => {
    found.add('email');
    return CHAT_MASK;
  });
  text = text.replace(LINK, () => {
    found.add('link');
    return CHAT_MASK;
  });
  text = text.replace(PLATFORM_HANDLE, () => {
    found.add('handle');
    return CHAT_MASK;
  });
  text = text.replace(AT_HANDLE, (_match, lead: string) => {
    found.add('handle');
    return `${lead}${CHAT_MASK}`;
  });
  text = text.replace(DIGIT_RUN, (run) => {
    if (!isPhone(run.trim())) return run;
    found.add('phone');
    // Keep a trailing space the run swallowed, so the sentence still reads.
    return CHAT_MASK + (/\s$/.test(run) ? ' ' : '');
  });
  const order: MaskKind[] = ['phone', 'email', 'link', 'handle'];
  return { text, flags: order.filter((kind) => found.has(kind)) };
}
