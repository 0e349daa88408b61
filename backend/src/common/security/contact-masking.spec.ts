import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { maskContactDetails, type MaskKind } from './contact-masking.js';

// Contact details that must never reach the other side, with the kind each is flagged as.
const POSITIVE: [string, MaskKind][] = [
  ['call me on 07700 900123', 'phone'],
  ['my number is 07700900123', 'phone'],
  ['ring 07700-900-123 tonight', 'phone'],
  ['text +44 7700 900123', 'phone'],
  ['+447700900123', 'phone'],
  ['(+44) 7700 900 123', 'phone'],
  ['landline 020 7946 0958', 'phone'],
  ['0161 496 0000 is the office', 'phone'],
  ['0044 20 7946 0958', 'phone'],
  ['US: +1 (555) 123-4567', 'phone'],
  ['+33 6 12 34 56 78', 'phone'],
  ['+91 98765 43210', 'phone'],
  ['7700900123 is my mobile', 'phone'],
  ['07700.900.123', 'phone'],
  ['email me at sam.student@gmail.com', 'email'],
  ['SAM_1@Outlook.co.uk please', 'email'],
  ['sam at gmail dot com', 'email'],
  ['sam(at)hotmail(dot)com', 'email'],
  ['sam [at] yahoo [dot] co.uk', 'email'],
  ['see https://example.com/notes', 'link'],
  ['http://bit.ly/abc123', 'link'],
  ['www.mysite.org has it', 'link'],
  ['go to mydocs.co.uk/essay', 'link'],
  ['join wa.me/447700900123', 'link'],
  ['discord.gg/abcdef', 'link'],
  ['t.me/samstudent', 'link'],
  ['add me on snap: sam_2008', 'handle'],
  ['my insta is samwrites', 'handle'],
  ['Instagram - sam.writes', 'handle'],
  ['discord: sammy#1234', 'handle'],
  ['whatsapp: sammy', 'handle'],
  ['follow @samwrites', 'handle'],
  ['tiktok @sam.essays', 'handle'],
  ['telegram id = samuel99', 'handle'],
];

// Contact details disguised to get past a plain pattern. Each must be masked (the give-away part,
// third column, is gone from the text) and flagged with its kind (which lists the message for the admins).
const ZW = '\u200b';
const EVASIONS: [string, MaskKind, string][] = [
  // Unicode: full-width, zero-width and joiner characters, look-alikes, keycaps
  ['call me on ０７７００ ９００１２３', 'phone', '９００'],
  [`07${ZW}700${ZW}900${ZW}123`, 'phone', '900'],
  ['0\u200d7\u200d7\u200d0\u200d0 9\u200c0\u200c0\u200c1\u200c2\u200c3', 'phone', '1\u200c2'],
  ['ring 0\u20607700\u2060900\u2060123', 'phone', '900'],
  ['my num is 0️⃣7️⃣7️⃣0️⃣0️⃣9️⃣0️⃣0️⃣1️⃣2️⃣3️⃣', 'phone', '9️⃣'],
  ['𝟎𝟕𝟕𝟎𝟎 𝟗𝟎𝟎𝟏𝟐𝟑 is my mobile', 'phone', '𝟗𝟎𝟎'],
  ['＋４４ ７７００ ９００１２３', 'phone', '７７００'],
  ['sam.student＠gmail.com', 'email', 'student'],
  ['sam.student@gmаil.com (with a Cyrillic a)', 'email', 'student'],
  [`sam${ZW}@${ZW}outlook${ZW}.com`, 'email', 'sam'],
  ['ｗｗｗ．ｍｙｓｉｔｅ．ｃｏｍ', 'link', 'ｍｙｓｉｔｅ'],
  // Digits written as words, alone or mixed with digits
  ['zero seven seven zero zero nine zero zero one two three', 'phone', 'nine'],
  ['Zero Seven Seven Zero Zero, Nine Zero Zero, One Two Three', 'phone', 'Nine'],
  ['oh seven seven double oh nine double oh one two three', 'phone', 'double'],
  ['07700 nine zero zero one two three', 'phone', 'one two'],
  ['zero-seven-seven-zero-zero-nine-zero-zero-one-two-three', 'phone', 'nine'],
  ['plus four four seven seven zero zero nine zero zero one two three', 'phone', 'nine'],
  ['O77OO 9OO123 text me', 'phone', '9OO'],
  // Digits spaced, dotted or split in other ways
  ['0 7 7 0 0 9 0 0 1 2 3', 'phone', '9 0 0'],
  ['07700_900_123', 'phone', '900'],
  ['07700*900*123', 'phone', '900'],
  ['0-7-7-0-0-9-0-0-1-2-3', 'phone', '9-0-0'],
  ['07.70.09.00.12.3', 'phone', '09.00'],
  // Emails spelt out, spaced or dotted
  ['john dot smith at gmail', 'email', 'smith'],
  ['john.smith at gmail', 'email', 'smith'],
  ['j o h n @ g m a i l . c o m', 'email', 'h n'],
  ['john @ gmail . com', 'email', 'john'],
  ['john at hotmail dot co dot uk', 'email', 'john'],
  ['john{at}yahoo{dot}com', 'email', 'john'],
  ['john (at) icloud', 'email', 'john'],
  ['john at sign gmail dot com', 'email', 'john'],
  ['email me jsmith@mysite', 'email', 'jsmith'],
  // Handles on the usual apps
  ['add me on snap john_smith99', 'handle', 'john_smith99'],
  ['add me on snap jsmith', 'handle', 'jsmith'],
  ['my snapchat is jsmith', 'handle', 'jsmith'],
  ['snap me at jsmith', 'handle', 'jsmith'],
  ['insta @sam.writes', 'handle', 'sam.writes'],
  ['find me on insta samwrites', 'handle', 'samwrites'],
  ['my ig: samwrites', 'handle', 'samwrites'],
  ['whatsapp me on jsmith_1', 'handle', 'jsmith_1'],
  ['whats app: jsmith', 'handle', 'jsmith'],
  ['telegram jsmith99', 'handle', 'jsmith99'],
  ['hit me up on telegram - jsmith', 'handle', 'jsmith'],
  ['my tele gram is jsmith', 'handle', 'jsmith'],
  ['dm me @ j s m i t h', 'handle', 's m i'],
  ['@\u200bjsmith', 'handle', 'jsmith'],
  // Links without a scheme, with the dot written out
  ['example.co.uk/me', 'link', 'example'],
  ['example dot co dot uk slash me', 'link', 'example'],
  ['mysite dot com', 'link', 'mysite'],
  ['mysite (dot) com', 'link', 'mysite'],
  ['mysite . com', 'link', 'mysite'],
  ['m y s i t e . c o m', 'link', 's i t'],
  ['linktr.ee/jsmith', 'link', 'jsmith'],
  ['h t t p s : / / m y s i t e . c o m', 'link', 's i t'],
  // Numbers missing their leading 0 or "+"
  ['four four seven seven zero zero nine zero zero one two three', 'phone', 'nine'],
  ['44 7700 900123', 'phone', '900123'],
  ['7700 900 123 is my mobile', 'phone', '900'],
  // Platform and provider names disguised, or the address given after its provider
  ['add me on sn4pch4t: jsmith', 'handle', 'jsmith'],
  ['1nst@ jsmith_1', 'handle', 'jsmith_1'],
  ['wh@ts@pp: jsmith', 'handle', 'jsmith'],
  ['dm @ jsmith', 'handle', 'jsmith'],
  ['gmail: johnsmith', 'email', 'johnsmith'],
  ['my hotmail is johnsmith', 'email', 'johnsmith'],
  // Separators, digits and spellings that got through before: newlines and semicolons between digit groups, any
  // script's decimal digits, letter look-alikes inside digit groups, AT/DOT glued to the words, any top-level domain
  ['07700\n900123', 'phone', '900123'],
  ['call 07700\r\n900\n123 after six', 'phone', '900'],
  ['07700;900;123', 'phone', '900'],
  ['07700; 900; 123', 'phone', '900'],
  ['٠٧٧٠٠٩٠٠١٢٣', 'phone', '٩٠٠'],
  ['my number ۰۷۷۰۰ ۹۰۰۱۲۳', 'phone', '۹۰۰'],
  ['०७७०० ९००१२३ is my mobile', 'phone', '९००'],
  ['O7700 9OO 123', 'phone', '9OO'],
  ['o77oo 9oo l23', 'phone', 'l23'],
  ['0770O 9OO I23', 'phone', 'I23'],
  ['samATgmailDOTcom', 'email', 'sam'],
  ['samATgmail', 'email', 'sam'],
  ['sam.writes AT outlook DOT com', 'email', 'writes'],
  ['samatmaildotru', 'email', 'sam'],
  ['sam at mail dot ru', 'email', 'mail'],
  ['sam at yandex dot ru', 'email', 'yandex'],
  ['sam@mail.ru', 'email', 'mail'],
  ['sam (at) mail (dot) ru', 'email', 'mail'],
  ['write to sam@web.de or sam@post.cz', 'email', 'post'],
  ['sam at web.de', 'email', 'web'],
  ['sam@example.photography', 'email', 'example'],
  ['sam at example dot photography', 'email', 'example'],
  // Handles after every common platform's name
  ['line: samwrites', 'handle', 'samwrites'],
  ['Line ID samwrites', 'handle', 'samwrites'],
  ['add me on line samwrites', 'handle', 'samwrites'],
  ['signal: sam_writes', 'handle', 'sam_writes'],
  ['message me on Signal samwrites', 'handle', 'samwrites'],
  ['WhatsApp 07700 900123', 'phone', '900123'],
  ['snap tutor_sam99', 'handle', 'tutor_sam99'],
  ['snap: tutorsam', 'handle', 'tutorsam'],
  ['Snapchat samwrites99', 'handle', 'samwrites99'],
  ['IG: samwrites', 'handle', 'samwrites'],
  ['kik: samwrites', 'handle', 'samwrites'],
  ['my kik is samwrites', 'handle', 'samwrites'],
  ['wechat: samwrites', 'handle', 'samwrites'],
  ['skype: sam.writes', 'handle', 'sam.writes'],
  ['discord samwrites#1234', 'handle', 'samwrites#1234'],
  ['telegram @samwrites', 'handle', 'samwrites'],
  ['find me on Telegram samwrites', 'handle', 'samwrites'],
];

// Ordinary essay and tutoring talk that must be left exactly as written.
const NEGATIVE = [
  'The essay is 2,000 words long',
  'Can you review 1500 words by Friday?',
  'It costs £22.50 for the first 1000 words',
  'The price went from £1,250 to £1,400',
  'Deadline is 12/05/2025 at 17:00',
  'We met on 2025-05-12 at 10:30',
  'Between 1914 and 1918 the war changed Europe',
  'the years 2019-2023 were formative',
  'I scored 7/10 last time',
  'Section 3.2 needs work',
  'See page 45, paragraph 2',
  'My essay.pdf and notes.docx are uploaded',
  'e.g. the French Revolution, i.e. 1789',
  'Meet @ 5pm on Monday',
  'The word count is 1,999 not 2,001',
  'ISBN 978-0-14-044913-6',
  'Room 101, floor 3',
  'Chapter 12 covers 1066 to 1215',
  'Thanks so much, see you at 14:00-15:00',
  'I use Instagram for research sometimes',
  'That is 0.7p per word after 1000 words',
  'Our session is on 3 March 2026',
  'Wordcount: 2500 (target 2000-3000)',
  'Please write 250 characters at least',
  'Great point about the 1832 Reform Act',
  'Score: 9 out of 10',
  'What about A-Level History 2024?',
  'Version 2.0.1 of the draft',
  'I am 17 years old and in Year 13',
  'The population grew from 1,000,000 to 2,500,000',
  'He said: "at home" and left',
  'Percentages: 45% vs 55%',
  // More ordinary essay talk, none of it a contact detail
  'Section 2.1 needs a clearer topic sentence',
  'Look at pages 10-12 and 14-16 again',
  'The word count is 2,000 including references',
  'Figure 3.4 is not referenced in the text',
  'see p. 45 and pp. 102-104',
  'Submitted on 01/02/2026, due 15.03.2026',
  'My 1st draft was 1,850 words, the 2nd draft 2,010',
  'It costs £12.50, or £0.65 per hundred words',
  'That paragraph is 35% of the essay, e.g. the whole of section 4',
  'i.e. the argument is circular, etc.',
  'Smith et al. (2019) and Jones (2020, p. 7) disagree',
  'ISBN 0-14-044913-7 is the Penguin edition',
  'ISBN-13: 978-0-19-953556-9',
  'Use the DOI 10.1093/oso/9780198810421.001.0001',
  'One, two or three examples per paragraph is enough',
  'I rewrote parts one and two; part three is next',
  'Zero marks for that section, sadly',
  'Oh, and the 1914-1918 dates need checking',
  'The Act of 1832 and the Act of 1867 both extended the franchise',
  'The data set runs from 2001 to 2021, 21 years in all',
  'Question 7 (a) and 7 (b) are worth 10 marks each',
  'Chapter 4 is at the end, after appendix B',
  'Thanks, I will look at it tonight',
  'Look at the essay at home and reply at 5pm',
  'Meet @ 3pm in the library?',
  'The font is Times New Roman, 12 pt, 1.5 spacing',
  'Harvard referencing: (Author, Year, p. x)',
  'The reference list has 23 items, 5 of them websites',
  'Snap judgements in the conclusion weaken it',
  'Her essay on Instagram and body image cites 12 studies',
  'WhatsApp groups were a theme in the 2019 study',
  'I put a dot in the margin where a comma is missing',
  'The question asks you to compare A and B',
  'Grades: A* A B, the target is A A A',
  'The ratio is 3:2 and the margin is ±5%',
  'Marks out of 25: 18, 20, 22',
  'Can we talk about Q3 at 16:30 on 12 Dec?',
  'UCAS deadline is 29 January 2026',
  'The paper is in Nature 580, 123–127 (2020)',
  'Temperatures rose by 1.1°C between 1850 and 2020',
  'The sample was n = 1,024 (p < 0.05)',
  'Version 3 of my essay.docx is uploaded',
  'At 2,500 words it is 25% over the limit of 2,000',
  'Please send the marked PDF by 10 am, thanks!',
  'My dad works at Yahoo, so I asked him about the case study',
  'Values of 0.5 0.6 0.7 0.8 0.9 1.0 in the table',
  'The signal: noise ratio is explained in 2.3',
  'Instagram is a social network, not a source',
  'Double check the dates in section two, triple-check the quotes',
  'Telephone interviews with 12 participants in 2019',
  'Steps one, two and three, then four and five',
  'The dot-com bubble of 2000 and the dotcom crash',
  'Gmail is a Google product, see 4.2',
  'Table 7 has 1914 1918 1939 1945 as columns',
  'Meet me @ noon on Friday',
  // Dates, times, prices, counts, ISBNs, years and the words "line", "signal", "at" and "dot" in ordinary writing
  'Due 12/03/2024, or 2024-03-12 at the latest',
  'The session starts at 14:30 and ends at 15:30',
  'It costs £18.15, and the long one £1,250',
  'About 2,500 words; the limit is 3,000 words',
  'Penguin edition: 978-0-14-143951-8',
  'In 2024 and 2025; then 2026',
  'Scores: 18; 20; 22; 19',
  'Years:\n1914\n1918\n1939\n1945',
  'Word counts\n2,500\n3,000\n1,250',
  'Page 12\n14:30\n£18.15',
  'The dates ٢٠٢٤ and ٢٠٢٥ in the Arabic source',
  'the signal in this line of argument',
  'Your line of argument is clear, but the signal is weak in section 2',
  'Line 12 of the poem and the signal flare in stanza 3',
  'my line is that the treaty failed',
  'Signal words such as however and therefore help the reader',
  'That dotted line across the Atlantic is the route',
  'What is that? Look at the data, not at that dot',
  'Look at the dot on the map',
  'I met Sam at school. He said hello',
  'I was at Oxford.It was wet',
  'We arrived at St.Pancras at noon',
  'He looked at the dot in the corner',
  'Combat at sea: the battle of the Atlantic',
  'Anecdotes about that at home',
  'Ratatouille and chocolate at dinner',
  'The Instagram study, the Snapchat study and Discord servers',
  'Room 101, Section 10, 2010 and 100%',
  'In 2010 I lost 10 marks, l think',
  'Oil prices fell 10% in 2020',
  'COVID-19 in 2020 and 2021',
];

describe('maskContactDetails', () => {
  it.each(POSITIVE)('masks %j as %s', (input, kind) => {
    const result = maskContactDetails(input);
    expect(result.flags).toContain(kind);
    expect(result.text).toContain('[hidden]');
  });

  it('removes every digit of a masked phone number', () => {
    expect(maskContactDetails('call 07700 900123 now').text).toBe('call [hidden] now');
  });

  it.each(EVASIONS)('masks the evasion %j as %s and flags it', (input, kind, giveaway) => {
    const result = maskContactDetails(input);
    expect(result.flags).toContain(kind);
    expect(result.text).toContain('[hidden]');
    expect(result.text).not.toContain(giveaway);
  });

  it('holds at least 40 evasions and 40 ordinary messages', () => {
    expect(EVASIONS.length).toBeGreaterThanOrEqual(40);
    expect(NEGATIVE.length).toBeGreaterThanOrEqual(40);
  });

  it('masks only the disguised detail and keeps the rest as written', () => {
    expect(maskContactDetails('Section 2.1 is fine; ring zero seven seven zero zero nine zero zero one two three later').text).toBe('Section 2.1 is fine; ring [hidden] later');
    expect(maskContactDetails(`Thanks! sam${ZW}@${ZW}gmail.com — see p. 45`).text).toBe('Thanks! [hidden] — see p. 45');
    expect(maskContactDetails('ｗｗｗ．ｍｙｓｉｔｅ．ｃｏｍ for notes')).toEqual({ text: '[hidden] for notes', flags: ['link'] });
  });

  it.each(NEGATIVE)('leaves %j alone', (input) => {
    expect(maskContactDetails(input)).toEqual({ text: input, flags: [] });
  });

  it('masks any UK mobile however it is spaced', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^7\d{9}$/), fc.constantFrom('0', '+44', '+44 ', '0044 '), fc.constantFrom('', ' ', '-', '.'), (rest, prefix, sep) => {
        const number = `${prefix}${rest.slice(0, 4)}${sep}${rest.slice(4, 7)}${sep}${rest.slice(7)}`;
        const result = maskContactDetails(`my number ${number} thanks`);
        expect(result.flags).toEqual(['phone']);
        expect(result.text).not.toMatch(/\d{3}/);
      }),
    );
  });

  it('masks any email address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('com', 'co.uk', 'net', 'org', 'ac.uk', 'io'), (generated, tld) => {
        const email = generated.replace(/\.[^.@]+$/, `.${tld}`);
        const result = maskContactDetails(`write to ${email} please`);
        expect(result.flags).toContain('email');
        expect(result.text).not.toContain(email);
      }),
    );
  });

  it('leaves prices, word counts, years and dates alone', () => {
    const ordinary = fc.oneof(
      fc.integer({ min: 100, max: 9999 }).map((n) => `${n.toLocaleString('en-GB')} words`),
      fc.integer({ min: 1, max: 99999 }).map((p) => `£${(p / 100).toFixed(2)}`),
      fc.integer({ min: 1000, max: 2099 }).map((y) => `in ${y}`),
      fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toLocaleDateString('en-GB')),
      fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.tuple(fc.integer({ min: 1000, max: 2099 }), fc.integer({ min: 1000, max: 2099 })).map(([a, b]) => `${a}-${b}`),
    );
    fc.assert(
      fc.property(fc.array(ordinary, { minLength: 1, maxLength: 4 }), (parts) => {
        const text = `The essay: ${parts.join(', ')}.`;
        expect(maskContactDetails(text)).toEqual({ text, flags: [] });
      }),
    );
  });
});
