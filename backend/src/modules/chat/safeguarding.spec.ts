import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { maskContactDetails, type MaskKind } from './safeguarding.js';

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
