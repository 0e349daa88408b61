#!/usr/bin/env node
// Regenerates common-passwords.ts (10,000 lines, lower case). This machine has no internet and no
// published password list in node_modules, so the list is COMPOSED, not copied from a breach corpus:
// well-known weak passwords (as they appear at the top of public lists such as SecLists / NCSC's
// "100k most common", typed from memory) plus the patterns those lists are full of: a common word or
// name + digits / years / "!" / "@", keyboard walks and digit runs. Order: base list first, then
// patterns by expected popularity. The check lower-cases the candidate before lookup, so "Password1!"
// matches "password1!". Run: node generate.mjs > common-passwords.ts
// (a TypeScript module holding the list as text, one entry per line, so it ships inside dist/).
const base = `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321
superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter
buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel
starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom
777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley nicole chelsea
biteme matthew access yankees 987654321 dallas austin thunder taylor matrix mobilemail mom monitor
monitoring montana moon moscow welcome admin administrator login passw0rd p@ssw0rd p@ssword qwerty123
qwerty1 password1 password123 password12 letmein1 welcome1 abc12345 iloveyou1 football1 monkey1 dragon1
sunshine1 princess1 master1 shadow1 baseball1 superman1 trustno1 hello123 hello charlie1 liverpool
arsenal chelsea1 manchester manutd tottenham everton london london1 england england1 britain scotland
wales ireland football123 cricket rugby tennis golfer secret secret1 changeme changeme1 default guest
user test test123 testing temp temp123 root toor qwe123 asd123 zaq12wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e
q1w2e3r4 q1w2e3r4t5 a1b2c3d4 aa123456 abcd1234 abcdef abcdefg abcdefgh 11223344 123654 147258369
147258 159357 987654 102030 101010 252525 123abc abc123456 pokemon minecraft roblox fortnite naruto
ninja flower flowers butterfly rainbow purple orange banana apple cookie chocolate coffee pizza
samsung iphone google yahoo hotmail facebook twitter linkedin instagram spotify netflix amazon microsoft
windows linux ubuntu oracle mysql postgres redis docker summer2023 summer2024 winter spring autumn
january february march april may june july august september october november december monday friday
sunday weekend holiday christmas easter birthday family friends forever lovely loveme lover angel angels
baby babygirl babyboy mummy mommy daddy mother father sister brother jesus christ god blessed faith
hope peace heaven freedom1 liberty justice soldier warrior killer1 hunter1 tiger lion eagle falcon
phoenix dragons wolf wolves bear panther jaguar cobra viper shark dolphin horse pony kitten puppy
doggy cat dog bailey buddy max molly lucky rocky coco bella daisy lucy sophie oliver jack harry george1
charlotte emily jessica1 sarah hannah lauren rachel rebecca laura amy emma olivia sophia isabella mia
ava james john david richard william joseph chris christopher anthony mark paul steven kevin brian
edward ryan jason justin brandon jacob tyler aaron adam alex alexander ben benjamin sam samuel peter
student teacher school college university education welcome123 welcome2024 redpen redpen1 tutor essay
essays homework exam exams london123 qwertyu asdfghjkl zxcvbnm1 qazwsxedc 1qazxsw2 !qaz2wsx passpass
password! password1! password123! p@ssword1 p@ssw0rd1 p@ssw0rd! pa55word pa55w0rd letmein! welcome!
welcome1! iloveyou! qwerty! qwerty1! qwerty123! admin123 admin1 admin! admin123! administrator1
superuser master123 access123 security secure trust trustme whatever nothing nopassword blahblah
asdasd asdf asdf1234 asdfasdf zxczxc qweqwe 121314 112211 123qweasd 1qaz2wsx3edc zaq1zaq1 zaq1xsw2`;

const words = Array.from(new Set(base.split(/\s+/).filter(Boolean)));
const stems = Array.from(new Set(words.filter((w) => /^[a-z]+$/.test(w))));
const suffixes = ['1', '12', '123', '1234', '12345', '!', '1!', '12!', '123!', '1234!', '@123', '#1', '01', '007', '69', '99', '00', '11', '22', '2020', '2021', '2022', '2023', '2024', '2025', '2026', '2020!', '2021!', '2022!', '2023!', '2024!', '2025!', '2026!', '123@', '@1', '$', '1$'];
const leet = (w) => w.replace(/a/g, '@').replace(/o/g, '0').replace(/e/g, '3').replace(/i/g, '1').replace(/s/g, '$');

const out = new Set(words);
const add = (w) => { if (out.size < 10000) out.add(w); };
for (const suffix of suffixes) for (const stem of stems) add(stem + suffix);
for (const stem of stems) { add(leet(stem)); add(leet(stem) + '1'); add(leet(stem) + '123'); add(leet(stem) + '!'); add(leet(stem) + '1!'); }
for (let y = 1950; y <= 2026; y++) for (const stem of stems) add(stem + y);
for (let n = 0; n <= 9999 && out.size < 10000; n++) add(String(n).padStart(4, '0'));
if (out.size !== 10000) throw new Error(`expected 10000 entries, got ${out.size}`);
const escape = (w) => w.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
process.stdout.write(
  '// Generated by generate.mjs: 10,000 common passwords, lower case, one per line. Composed offline (see generate.mjs).\n' +
    'export const COMMON_PASSWORDS_TEXT = `\n' + [...out].map(escape).join('\n') + '\n`;\n',
);
