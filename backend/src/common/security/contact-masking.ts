import { CHAT_MASK } from '@redpen/shared/chat-rules';
import { contactView } from './contact-view.js';

/**
 * Kinds of contact detail masked out of every text one side writes for the other (students may be 16–17: contact
 * stays on Redpen). The rule is pure; modules apply it through SafeguardingService, which also flags what it masked.
 */
export type MaskKind = 'email' | 'phone' | 'link' | 'handle';

export interface MaskResult {
  text: string;
  /** Kinds found, in a stable order; empty when the text was left alone. A message with any is flagged for the admins. */
  flags: MaskKind[];
}

// Every pattern reads the normalised view (contact-view.ts): lower case, NFKC, no invisible characters, digits
// written as words turned into digits, spaced-out letters joined, "(at)", "(dot)", "dot com" written as symbols.

const L = String.raw`[\p{L}\p{N}]`;
/** The part of an address before the at sign, "dot" written out allowed: "john dot smith", "j.smith_1". */
const LOCAL = String.raw`(?<![\p{L}\p{N}!#$%&'*+/=?^_\x60{|}~.-])[\p{L}\p{N}!#$%&'*+/=?^_\x60{|}~.-]+(?:\s*(?:\(dot\)|\[dot\]|\sdot\s)\s*[\p{L}\p{N}_.-]+)*`;
const AT = String.raw`\s*(?:@|\(at\)|\[at\]|\sat\s)\s*`;
const DOT = String.raw`\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*`;
const EMAIL_TLDS = 'com|net|org|uk|io|me|edu|ac|gov|info|co|biz|de|fr|ie|app';
/** name@host.tld, with the at sign and dots possibly written out or spaced. */
const EMAIL = new RegExp(String.raw`${LOCAL}${AT}${L}[\p{L}\p{N}-]*(?:${DOT}[\p{L}\p{N}-]+)*${DOT}(?:${EMAIL_TLDS})\b(?:\.[a-z]{2}\b)?`, 'gu');
/** Mail providers: "john dot smith at gmail" needs no top-level domain to be an address. */
const PROVIDERS = 'gmail|googlemail|hotmail|yahoo|outlook|icloud|protonmail|proton|aol|ymail|btinternet|gmx|msn|live|sky|virginmedia|talktalk';
const EMAIL_PROVIDER = new RegExp(String.raw`${LOCAL}${AT}(?:${PROVIDERS})\b`, 'gu');
/** "works at Yahoo", "a job at Sky": a word before " at " that is not a name. */
const NOT_A_NAME = /^(?:works?|worked|working|jobs?|intern(?:ship)?s?|staff|engineers?|people|employees?|shares?|me|us|him|her|them|you|i|we|they|it|this|that|looks?|looked|looking|saw|seen|read|found|posted|wrote|mail|email|emails|accounts?)\s+at\s/;
/** "gmail: jsmith", "my hotmail is jsmith": the address's name given after its provider. */
const PROVIDER_HANDLE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:gmail|googlemail|hotmail|outlook|yahoo|icloud|protonmail)(?:\s+(?:id|address|account))?\s*[:=]\s*[\p{L}\p{N}_.]{3,}|(?<=\bmy\s+)(?:gmail|googlemail|hotmail|outlook|yahoo|icloud|protonmail)(?:\s+(?:id|address|account))?\s+is\s+[\p{L}\p{N}_.]{3,}`,
  'gu',
);
/** Words that end a sentence's "at …" rather than name a mail host: "looked at the dot on the map". */
const NOT_A_HOST = /^(?:the|a|an|this|that|these|those|my|your|his|her|our|their|its|some|any|each|every|all|one|first|last|least|most|once|home|school|work|page|point|times?|end|start|night|noon)$/;
/** The top-level domains a bare "host.tld" may end with after " at " (a spelt "dot" takes any). */
const WORD_AT_TLDS = 'com|net|org|edu|gov|info|biz|app|dev|xyz|online|site|email|mail|me|io|co';
/** Two-letter words a missing space after a full stop may glue on ("at Oxford.It was"): not a country's domain there. */
const SHORT_WORDS = '(?:it|he|we|in|so|to|my|no|is|be|at|us|as|am|an|do|go|if|of|on|or|up|by|hi|ok)';
/**
 * "sam at mail dot ru", "sam at example dot photography", "sam at web.de": " at " written as a word and any top-level
 * domain (any after a spelt "dot"; after a plain dot, two letters that are not a word, or a common one, so
 * "at St.Pancras" and "at Oxford.It was" stay prose).
 * A full stop and a space ("at school. He said") never join a sentence into an address.
 */
const EMAIL_ANY_TLD = new RegExp(
  String.raw`${LOCAL}\s+at\s+([\p{L}\p{N}][\p{L}\p{N}-]*)(?:(?:\.|\s*\(dot\)\s*|\s*\[dot\]\s*|\sdot\s)[\p{L}\p{N}-]+)*?(?:(?:\s*\(dot\)\s*|\s*\[dot\]\s*|\sdot\s)[a-z]{2,24}|\.(?:(?!${SHORT_WORDS}(?![\p{L}\p{N}]))[a-z]{2}|${WORD_AT_TLDS}))(?![\p{L}\p{N}])`,
  'gu',
);
const SPELT_HOST = /\sat\s+([\p{L}\p{N}-]+)/u;
/** Providers an address glued into one word may name (not "live" or "sky": "that live", "at sky" are words). */
const GLUED_PROVIDERS = 'gmail|googlemail|hotmail|yahoo|outlook|icloud|protonmail|ymail|btinternet|gmx|yandex';
/**
 * "samATgmailDOTcom", "samatmaildotru": "at" and "dot" glued to the address's parts, in any case. An ordinary word
 * ("that", "dotted", "Atlantic", "anecdotes") never has "at", a host, "dot" and a top-level domain in that order.
 */
const EMAIL_GLUED = new RegExp(
  String.raw`(?<![\p{L}\p{N}._-])[a-z0-9][a-z0-9._-]{1,63}?at(?:(?:${GLUED_PROVIDERS})(?:dot[a-z]{2,24}){0,2}|[a-z0-9-]{2,63}?dot(?:${EMAIL_TLDS}|[a-z]{2})(?:dot[a-z]{2})?)(?![\p{L}\p{N}])`,
  'gu',
);
/** name@anything with nothing around the at sign: "sam@mysite". */
const EMAIL_BARE = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]{2,}(?:\.[\p{L}\p{N}-]+)*/gu;

const TLDS = 'com|net|org|io|me|ly|gg|app|dev|uk|co|info|biz|xyz|link|site|online|page|tv|ie|de|fr|eu|us|ca|au|in|ru|cn|to|be|chat|social|live';
/** Explicit URLs, www hosts and bare domains with a known top-level domain (so "3.2" or "essay.pdf" are left alone). */
const LINK = new RegExp(
  String.raw`\b(?:https?:\/\/|www\.)[^\s<>"']+|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${TLDS})\b(?:\/[^\s<>"']*)?|\b(?:wa\.me|t\.me|discord\.gg|linktr\.ee|beacons\.ai|snapchat\.com|instagram\.com)\/[^\s]+`,
  'g',
);

const LEET: Record<string, string> = { a: '[a4@]', e: '[e3]', i: '[i1!]', o: '[o0]', s: '[s5$]', t: '[t7]' };
/** Names as a pattern that also takes digits or symbols for some letters: "sn4p", "1nst@", "wh@ts@pp". */
const leet = (names: string) => names.replace(/\\s|[aeiost]/g, (c) => LEET[c] ?? c);
/** Platforms named in full (or nearly): a handle after them needs little to be read as one. */
const PLATFORM_NAMES = leet(String.raw`snap\s?chat|snap|snp|insta\s?gram|insta|whats\s?app|whatsap|watsapp|telegram|tele\s?gram|discord|tik\s?tok|twitter|kik|facebook|skype|we\s?chat|viber`);
/** A platform's name as a word of its own (its letters may be symbols, so not `\b`). */
const PLATFORMS = String.raw`(?<![\p{L}\p{N}])(?:${PLATFORM_NAMES})(?![\p{L}\p{N}])`;
/** Short names that are also ordinary words or letters: only with an explicit "name:" form. */
const SHORT_PLATFORMS = String.raw`sc|ig|wa|tg|fb|line\s?id`;
/** Apps whose names are ordinary words ("the signal in this line of argument"): a handle only when asked for plainly. */
const WORD_PLATFORMS = String.raw`line|signal`;
const HANDLE_WORD = String.raw`(?:id|name|handle|username|user\s?name|user|acc(?:ount)?|number|no)`;
/** Words that follow a platform's name in ordinary talk ("Instagram for research", "my insta account is…"). */
const STOP = String.raw`(?:the|a|an|and|or|but|so|for|to|of|in|on|at|is|are|was|were|be|it|its|it's|this|that|these|those|with|about|from|as|by|too|also|now|then|than|not|no|yes|only|just|really|very|because|if|when|how|why|what|which|who|where|has|have|had|does|did|do|can|could|would|should|will|may|might|post|posts|posting|page|pages|feed|story|stories|reel|reels|account|accounts|profile|group|groups|chat|chats|app|apps|video|videos|influencers?|users?|today|yesterday|tomorrow|though|stuff|things?|research|study|studies|essay|essays|data|use|usage|private|public|later|soon|tonight|instead|please|anytime|maybe)`;
/** A token that can only be a handle: it holds a digit, an underscore or #, or a dot between letters. */
const HANDLE_LIKE = String.raw`(?=[\p{L}\p{N}_.#]*\p{L})(?=[\p{L}\p{N}_.#]*(?:[\p{N}_#]|\p{L}\.\p{L}))[\p{L}\p{N}_.#]{3,}`;
const ANY_HANDLE = String.raw`(?!${STOP}\b)[\p{L}\p{N}_.#]{3,}`;
const PLATFORM_HANDLE = new RegExp(
  [
    // "snap: sam_2008", "telegram id = samuel99", "ig: samwrites"
    String.raw`(?:${PLATFORMS}|\b(?:${SHORT_PLATFORMS})\b)\s*(?:${HANDLE_WORD}\s*)?[:=]\s*@?${ANY_HANDLE}`,
    // "my insta is samwrites", "add me on snap jsmith", "hit me up on telegram - jsmith"
    String.raw`(?<=\b(?:my|me\s+(?:up\s+)?(?:on|at|via))\s+)${PLATFORMS}\s*(?:${HANDLE_WORD}\s*)?(?:is|'s|-|@)?\s*@?${ANY_HANDLE}`,
    // "snap john_smith99", "insta @sam.writes", "Instagram - sam.writes", "whatsapp me at sam_1"
    String.raw`${PLATFORMS}\s*(?:me\s*)?(?:${HANDLE_WORD}\s*)?(?:-|is|'s|at|on)?\s*(?:@[\p{L}\p{N}_.]{3,}|${HANDLE_LIKE})`,
    // "snap me at jsmith", "whatsapp me on jsmith"
    String.raw`${PLATFORMS}\s+me\s+(?:at|on|via|@)\s*@?${ANY_HANDLE}`,
    // "dm @ jsmith", "follow @ jsmith": an at sign set apart after an invitation
    String.raw`(?<=\b(?:dm|follow|add)\s+(?:me\s+)?(?:on\s+|at\s+)?)@\s+[\p{L}_][\p{L}\p{N}_.]{2,}`,
  ].join('|'),
  'gu',
);
/**
 * "line: samwrites", "Line ID samwrites", "signal: sam_writes" (a word after "signal:" only when it reads as a handle:
 * "signal: noise ratio" is prose), "add me on line samwrites", "message me on Signal samwrites". Its own detector:
 * "line" and "signal" are common words, and the platforms' long pattern should not run on every essay that has them.
 */
const WORD_PLATFORM_HANDLE = new RegExp(
  [
    String.raw`\bline\s*(?:${HANDLE_WORD}\s*)?[:=]\s*@?(?=[\p{N}_.#]*\p{L})${ANY_HANDLE}`,
    String.raw`\bline\s?id\s*(?:is\s*)?@?${ANY_HANDLE}`,
    String.raw`\bsignal\s*(?:${HANDLE_WORD}\s*)?[:=]\s*(?:@[\p{L}\p{N}_.]{3,}|${HANDLE_LIKE})`,
    String.raw`(?<=\bme\s+(?:up\s+)?(?:on|at|via)\s+)(?:${WORD_PLATFORMS})\s*(?:${HANDLE_WORD}\s*)?(?:is|'s|-|:)?\s*@?${ANY_HANDLE}`,
  ].join('|'),
  'gu',
);
const MAYBE_WORD_PLATFORM = new RegExp(String.raw`\b(?:line|signal)\s*(?:${HANDLE_WORD}\s*)?[:=]|\bline\s?id\b|\bme\s+(?:up\s+)?(?:on|at|via)\s+(?:${WORD_PLATFORMS})\b`);
/** "@name" standing alone (not "meet @ 5pm", not an email's at sign). */
const AT_HANDLE = /(?<=^|[\s(,;:"'])@[\p{L}_][\p{L}\p{N}_.]{2,}/gu;

/**
 * Phone numbers: a run of digits with spaces, line breaks, dots, dashes, semicolons or brackets between them (never
 * "/", ":" or ",", so dates, times and prices never join up). A run is a phone number when it holds 10–15 digits and starts with "+", "00" or "0"
 * (UK and international dialling), or is 10+ digits with no separators at all, or is a UK mobile missing its "+" or
 * its leading 0 (447… with 12 digits; 7… with 10 in groups of three or more). Word counts, years, prices and
 * dates have fewer digits or other separators. A number after "ISBN" is a book.
 */
const DIGIT_RUN = /(?<![\p{L}\p{N}])(\+|\(\+?)?\d(?:[\d \t\r\n;.()-]*\d)?(?![\p{L}\p{N}])/gu;

const AFTER_ISBN = /isbn(?:-?1[03])?:?\s*$/;

const PHONE = {
  international: /^\(?\+/,
  ukWithoutPlus: /^447\d{9}$/,
  ukWithoutZero: /^7\d{9}$/,
  decimal: /^\d{1,3}\.\d{1,2}$/,
  blanks: /\s+/,
  nonDigits: /\D+/,
  allNonDigits: /\D/g,
  bare: /^\d+$/,
};

function isPhone(run: string, text: string, index: number): boolean {
  const digits = run.replace(PHONE.allNonDigits, '');
  if (digits.length < 10 || digits.length > 15) return false;
  if (AFTER_ISBN.test(text.slice(Math.max(0, index - 12), index))) return false;
  // "0.5 0.6 0.7 0.8 0.9 1.0": decimals in a row are figures, not a number split up.
  if (run.split(PHONE.blanks).filter((group) => PHONE.decimal.test(group)).length >= 2) return false;
  if (PHONE.international.test(run) || digits.startsWith('0')) return true;
  // A UK mobile with the country code but no "+" (44 7700 900123), or without its leading 0 in groups of 3+ (7700 900 123).
  if (PHONE.ukWithoutPlus.test(digits)) return true;
  if (PHONE.ukWithoutZero.test(digits) && run.split(PHONE.nonDigits).every((group) => group.length >= 3)) return true;
  return PHONE.bare.test(run);
}

interface Detector {
  kind: MaskKind;
  pattern: RegExp;
  /** A cheap test first: most messages hold nothing of the kind. */
  maybe: RegExp;
  accept?: (match: string, text: string, index: number) => boolean;
}

const DETECTORS: Detector[] = [
  { kind: 'email', pattern: EMAIL, maybe: /@|\(at\)|\[at\]|\sat\s+[\p{L}\p{N}-]+\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)/u },
  { kind: 'email', pattern: EMAIL_PROVIDER, maybe: new RegExp(PROVIDERS), accept: (match) => !NOT_A_NAME.test(match) },
  { kind: 'email', pattern: EMAIL_BARE, maybe: /@/ },
  {
    kind: 'email',
    pattern: EMAIL_ANY_TLD,
    maybe: /\sat\s+[\p{L}\p{N}-]+(?:\.|\s*\(dot\)|\s*\[dot\]|\sdot\s)/u,
    accept: (match) => !NOT_A_NAME.test(match) && !NOT_A_HOST.test(SPELT_HOST.exec(match)?.[1] ?? ''),
  },
  { kind: 'email', pattern: EMAIL_GLUED, maybe: new RegExp(String.raw`at(?:${GLUED_PROVIDERS})|at[a-z0-9-]{2,}dot`) },
  { kind: 'email', pattern: PROVIDER_HANDLE, maybe: /mail|yahoo|outlook|icloud/ },
  { kind: 'link', pattern: LINK, maybe: /[a-z0-9]\.[a-z]|:\/\// },
  { kind: 'handle', pattern: PLATFORM_HANDLE, maybe: new RegExp(String.raw`${PLATFORM_NAMES}|\b(?:sc|ig|wa|tg|fb|line\s?id|dm|follow|add)\b`, 'u') },
  { kind: 'handle', pattern: WORD_PLATFORM_HANDLE, maybe: MAYBE_WORD_PLATFORM },
  { kind: 'handle', pattern: AT_HANDLE, maybe: /@/ },
  { kind: 'phone', pattern: DIGIT_RUN, maybe: /\d{2}|\d\D\d/, accept: (run, text, index) => isPhone(run.trim(), text, index) },
];

const BLANK = /\s/;
const INVISIBLE_EDGE = /[\p{Cf}\p{Mn}\p{Me}]/u;

const ORDER: MaskKind[] = ['phone', 'email', 'link', 'handle'];

/**
 * Masks phone numbers, email addresses, off-platform links and social handles, however they are disguised
 * (contact-view.ts), and says which kinds it found: the caller stores them as the message's flags, which put it
 * on the admins' moderation list. What was found is masked in the text as written; the rest is left exactly as is.
 */
export function maskContactDetails(input: string): MaskResult {
  const view = contactView(input);
  const found = new Set<MaskKind>();
  /** Masked spans of the original, [start, end), kept sorted and apart. */
  let spans: [number, number][] = [];
  for (const detector of DETECTORS) {
    if (!detector.maybe.test(view.text)) continue;
    for (const match of view.text.matchAll(detector.pattern)) {
      if (detector.accept && !detector.accept(match[0], view.text, match.index)) continue;
      let start = match.index;
      let end = start + match[0].length;
      // The match's own leading and trailing blanks stay in the text.
      while (start < end && BLANK.test(view.text[start]!)) start += 1;
      while (end > start && BLANK.test(view.text[end - 1]!)) end -= 1;
      if (end === start) continue;
      const span: [number, number] = [view.from[start]!, view.to[end - 1]!];
      // Invisible characters at its edges go with it (no stray zero-width space beside the mask).
      while (span[0] > 0 && INVISIBLE_EDGE.test(input[span[0] - 1]!)) span[0] -= 1;
      while (span[1] < input.length && INVISIBLE_EDGE.test(input[span[1]]!)) span[1] += 1;
      // Part of something already masked (the domain of an email, the number of a wa.me link): not a second find.
      if (!spans.some(([a, b]) => span[0] >= a && span[1] <= b)) found.add(detector.kind);
      spans = merge(spans, span);
    }
  }
  if (spans.length === 0) return { text: input, flags: [] };
  let text = '';
  let last = 0;
  for (const [start, end] of spans) {
    text += input.slice(last, start) + CHAT_MASK;
    last = end;
  }
  text += input.slice(last);
  return { text, flags: ORDER.filter((kind) => found.has(kind)) };
}

function merge(spans: [number, number][], next: [number, number]): [number, number][] {
  const out: [number, number][] = [];
  let [start, end] = next;
  for (const [a, b] of spans) {
    if (b < start || a > end) out.push([a, b]);
    else {
      start = Math.min(start, a);
      end = Math.max(end, b);
    }
  }
  out.push([start, end]);
  return out.sort((x, y) => x[0] - y[0]);
}
