/**
 * A text one side writes for the other (chat message, feedback, description, purpose, notes) as the contact-detail
 * detectors read it (docs/decisions.md "Masking that survives tricks"): Unicode NFKC, lower case, every script's
 * decimal digits as ASCII, invisible characters (zero-width spaces and joiners, soft hyphens, variation selectors,
 * combining marks) dropped, look-alike letters folded, digits written as words turned into digits, letters standing
 * for digits inside digit groups (O for 0, l and I for 1) read as digits, spaced-out letters joined, and
 * "dot"/"at"/"slash" written out in addresses turned into symbols.
 *
 * Each character of the view remembers the span of the original text it came from (`from`/`to`), so whatever the
 * detectors find in the view is masked in the original as the sender wrote it; the view itself is never shown.
 */
export interface ContactView {
  text: string;
  /** Original index where the view's character `i` starts. */
  from: number[];
  /** Original index just after the view's character `i` ends. */
  to: number[];
}

/** Dropped from the view: format characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen…), marks (variation selectors, keycaps) and blank fillers. */
const INVISIBLE = /^[\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]$/u;

/** Latin look-alikes from Cyrillic and Greek, and dots and at signs NFKC leaves alone. */
const FOLD: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ɡ: 'g',
  '。': '.', '·': '.', '•': '.', '∙': '.', '‧': '.', '⋅': '.',
};

/** Characters NFKC and folding can change: anything outside printable ASCII. */
const NEEDS_FOLDING = /[^\x20-\x7e\t\n\r]/;

function identity(text: string): ContactView {
  const from = new Array<number>(text.length);
  const to = new Array<number>(text.length);
  for (let i = 0; i < text.length; i += 1) {
    from[i] = i;
    to[i] = i + 1;
  }
  return { text, from, to };
}

/** What each non-ASCII character folds to (most messages repeat the same few: £, –, ’, é…). */
const folded = new Map<string, string>();
const FOLDED_MAX = 4096;

const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * The ASCII digit of any script's decimal digit (Arabic-Indic ٣, Devanagari ३, Bengali ৩…), which NFKC leaves as
 * they are. Unicode encodes each script's decimal digits as one run of ten, 0 to 9 in order, and such runs that touch
 * are whole runs of ten: the digit's value is its distance from the start of the runs it sits in, modulo ten.
 */
function asciiDigit(digit: string): string {
  let start = digit.codePointAt(0)!;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((digit.codePointAt(0)! - start) % 10);
}

function foldChar(char: string): string {
  let out = folded.get(char);
  if (out !== undefined) return out;
  out = '';
  if (!INVISIBLE.test(char)) {
    for (const piece of char.normalize('NFKC').toLowerCase()) {
      if (INVISIBLE.test(piece)) continue;
      out += FOLD[piece] ?? (piece > '\x7f' && DECIMAL_DIGIT.test(piece) ? asciiDigit(piece) : piece);
    }
  }
  if (folded.size < FOLDED_MAX) folded.set(char, out);
  return out;
}

const NON_ASCII = /[\u0080-\uffff]/g;

/** NFKC, lower case, invisible characters dropped, look-alikes folded: ASCII stretches at once, the rest one by one. */
function fold(input: string): ContactView {
  if (!NEEDS_FOLDING.test(input)) return identity(input.toLowerCase());
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < input.length; ) {
    NON_ASCII.lastIndex = i;
    const stop = NON_ASCII.exec(input)?.index ?? input.length;
    if (stop > i) {
      text += input.slice(i, stop).toLowerCase();
      for (let k = i; k < stop; k += 1) {
        from.push(k);
        to.push(k + 1);
      }
      i = stop;
      continue;
    }
    const width = input.codePointAt(i)! > 0xffff ? 2 : 1;
    const out = foldChar(input.slice(i, i + width));
    for (let k = 0; k < out.length; k += 1) {
      from.push(i);
      to.push(i + width);
    }
    text += out;
    i += width;
  }
  return { text, from, to };
}

/** Replaces every match of a global `pattern` in the view; replaced characters take the span of what they replace. */
export function rewrite(view: ContactView, pattern: RegExp, replace: (match: string, ...groups: string[]) => string): ContactView {
  pattern.lastIndex = 0;
  if (!pattern.test(view.text)) return view;
  pattern.lastIndex = 0;
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let last = 0;
  for (const match of view.text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    const replacement = replace(match[0], ...match.slice(1));
    if (replacement === match[0] || end === start) continue;
    text += view.text.slice(last, start);
    from.push(...view.from.slice(last, start));
    to.push(...view.to.slice(last, start));
    for (let k = 0; k < replacement.length; k += 1) {
      from.push(view.from[start]!);
      to.push(view.to[end - 1]!);
    }
    text += replacement;
    last = end;
  }
  if (last === 0) return view;
  text += view.text.slice(last);
  from.push(...view.from.slice(last));
  to.push(...view.to.slice(last));
  return { text, from, to };
}

/** Drops the characters `drop` matches inside every match of a global `pattern`; the rest keep their own spans. */
function dropWithin(view: ContactView, pattern: RegExp, drop: RegExp): ContactView {
  pattern.lastIndex = 0;
  if (!pattern.test(view.text)) return view;
  pattern.lastIndex = 0;
  const keep = new Array<boolean>(view.text.length).fill(true);
  for (const match of view.text.matchAll(pattern)) {
    for (let i = match.index; i < match.index + match[0].length; i += 1) if (drop.test(view.text[i]!)) keep[i] = false;
  }
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < view.text.length; i += 1) {
    if (!keep[i]) continue;
    text += view.text[i];
    from.push(view.from[i]!);
    to.push(view.to[i]!);
  }
  return { text, from, to };
}

const DIGIT_WORDS: Record<string, string> = {
  zero: '0', nought: '0', nil: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9',
};
/** Zero as a letter: counted only beside another digit word ("oh seven seven"), never in "oh, 1914 …". */
const LETTER_ZEROS = new Set(['oh', 'o']);
const REPEATS: Record<string, number> = { double: 2, triple: 3, treble: 3 };
const NUMBER_WORD = String.raw`(?:plus|zero|nought|nil|oh|o|one|two|three|four|five|six|seven|eight|nine|double|triple|treble|\d+)`;
const ANY_DIGIT_WORD = /\b(?:zero|nought|nil|one|two|three|four|five|six|seven|eight|nine)\b/;
/** Two or more number words or digit groups in a row, apart by spaces, commas, dots or dashes. */
const NUMBER_RUN = new RegExp(String.raw`\b${NUMBER_WORD}(?:[\s,.-]{1,3}${NUMBER_WORD}\b)+`, 'g');

/** "zero seven seven double oh nine …" → "0 7 7 00 9 …"; a run with no digit word in it is left as written. */
function numberWords(run: string): string {
  const tokens = run.split(/[\s,.-]+/).filter(Boolean);
  if (!tokens.some((token) => token in DIGIT_WORDS)) return run;
  const isWord = (token: string | undefined) => token !== undefined && (token in DIGIT_WORDS || token in REPEATS || LETTER_ZEROS.has(token));
  const digit = (i: number): string => {
    const token = tokens[i]!;
    if (token in DIGIT_WORDS) return DIGIT_WORDS[token]!;
    if (LETTER_ZEROS.has(token) && (isWord(tokens[i - 1]) || isWord(tokens[i + 1]))) return '0';
    return token;
  };
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const times = REPEATS[tokens[i]!];
    const next = i + 1 < tokens.length ? digit(i + 1) : '';
    if (times && /^\d$/.test(next)) {
      out.push(next.repeat(times));
      i += 1;
    } else out.push(digit(i));
  }
  // "plus four four …": the international prefix, written out at the start.
  // Seven or more digit words are a number read out, not a list: its digits join up (a phone number without its
  // leading 0 or "+" then still counts, as any 10+ digits without separators do).
  const spoken = tokens.filter((token) => token in DIGIT_WORDS).length >= 7;
  return out.join(spoken ? '' : ' ').replace(/^plus ?(?=\d)/, '+');
}

/** Top-level domains that end an address written with "dot" (the words "in", "to", "be", "me"… are left alone). */
export const SPELT_TLDS = 'com|net|org|co|uk|io|ly|gg|app|dev|xyz|info|biz|ie|eu|de|fr';
const DOT_WORD = String.raw`(?:\s*[(\[{<]\s*(?:dot|\.)\s*[)\]}>]\s*|\s+(?:dot|period)\s+|\s+\.\s+)`;
/** "example dot co dot uk", "example (dot) com", "example . com": a written-out dot followed by more labels and a TLD. */
const SPELT_DOT = new RegExp(String.raw`(?<=[a-z0-9])${DOT_WORD}(?=(?:[a-z0-9-]+(?:${DOT_WORD}|\.))*(?:${SPELT_TLDS})\b)`, 'g');
/** "(at)", "[at]", "{at}", " at sign ": the at sign written out (a bare " at " is read by the email detector). */
const SPELT_AT = /\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+(?:sign|symbol)\s+/g;
/** " slash " after a domain: "example.co.uk slash me". */
const SPELT_SLASH = /(?<=\.[a-z]{2,6})\s+(?:forward\s+)?slash\s+/g;
/** Three or more single characters apart by spaces: "j o h n @ g m a i l . c o m", "0 7 7 0 0". */
const SPACED_OUT = /(?<!\S)[\p{L}\p{N}@.+_:/-](?:[ \t]{1,3}[\p{L}\p{N}@.+_:/-](?!\S)){2,}/gu;
/** A digit group with letters for digits (o for 0, l or I for 1): "O77OO 9OO I23". Only groups holding a digit. */
const LOOKALIKE_DIGITS = /\b(?=[oil]*\d)[oil\d]{2,}\b/g;
/** Other separators put between digits: "07700_900_123", "07700*900*123". */
const ODD_DIGIT_SEPARATORS = /(?<=\d)[_*~|\\]{1,2}(?=\d)/g;

/** The cheap questions asked before each step (most messages need none of the steps). */
const MAY_HAVE = {
  lookalikeDigit: /[oil]\d|\d[oil]/,
  oddSeparator: /\d[_*~|\\]/,
  spelledAt: /[([{<]\s*at\s*[)\]}>]|\bat\s+(?:sign|symbol)\b/,
  spelledDot: /\b(?:dot|period)\b|\s\.\s|[([{<]\s*\.\s*[)\]}>]/,
  spelledSlash: /\bslash\b/,
};
const BLANK = /[ \t]/;
const LOOKALIKE = /[oil]/g;
const toDigits = (run: string) => run.replace(LOOKALIKE, (letter) => (letter === 'o' ? '0' : '1'));

/** The view of `input` the detectors read. */
export function contactView(input: string): ContactView {
  let view = fold(input);
  view = dropWithin(view, SPACED_OUT, BLANK);
  if (ANY_DIGIT_WORD.test(view.text)) view = rewrite(view, NUMBER_RUN, numberWords);
  if (MAY_HAVE.lookalikeDigit.test(view.text)) view = rewrite(view, LOOKALIKE_DIGITS, toDigits);
  if (MAY_HAVE.oddSeparator.test(view.text)) view = rewrite(view, ODD_DIGIT_SEPARATORS, () => ' ');
  if (MAY_HAVE.spelledAt.test(view.text)) view = rewrite(view, SPELT_AT, () => '@');
  if (MAY_HAVE.spelledDot.test(view.text)) view = rewrite(view, SPELT_DOT, () => '.');
  if (MAY_HAVE.spelledSlash.test(view.text)) view = rewrite(view, SPELT_SLASH, () => '/');
  return view;
}
