// A minimal SMTP server on loopback for benchmarks: accepts every message (plain SMTP, no TLS, no auth, as the
// app speaks to a local catcher) and keeps only its recipients and subject, so a benchmark can count the mails a
// run sent (and send thousands without filling the shared mail catcher). A message counts once its DATA is
// complete (the final "."), when it is acknowledged: what the sender sees as delivered.
import net from 'node:net';

/** @typedef {{ to: string[], subject: string, at: number }} SunkMail */

/** @returns {Promise<{ port: number, mails: SunkMail[], stop: () => Promise<void> }>} */
export async function startSmtpSink() {
  /** @type {SunkMail[]} */
  const mails = [];
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    /** @type {string[]} */
    let to = [];
    /** @type {string[] | null} lines of the message while in DATA */
    let data = null;
    let pending = '';
    /** @param {string} text */
    const reply = (text) => socket.write(`${text}\r\n`);
    reply('220 bench-sink ESMTP');
    socket.on('data', (chunk) => {
      pending += chunk;
      let end;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data) {
          if (line === '.') {
            mails.push({ to, subject: subjectOf(data), at: Date.now() });
            data = null;
            to = [];
            reply('250 OK queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-bench-sink\r\n250 8BITMIME');
        else if (verb === 'RCPT') {
          to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          to = [];
          reply('250 OK');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK'); // HELO, MAIL, NOOP
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    port,
    mails,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The Subject header of a message's lines: folded lines unfolded, MIME encoded words (RFC 2047) decoded. @param {string[]} lines */
function subjectOf(lines) {
  /** @type {string[]} */
  const headers = [];
  for (const line of lines) {
    if (line === '') break;
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1] += line.replace(/^[ \t]+/, ' ');
    else headers.push(line);
  }
  const subject = headers.find((h) => /^subject:/i.test(h));
  return subject ? decodeWords(subject.slice(subject.indexOf(':') + 1).trim()) : '';
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words, as nodemailer writes a subject with quotes or non-ASCII. @param {string} text */
function decodeWords(text) {
  return text
    .replace(/(\?=)\s+(=\?)/g, '$1$2') // white space between two encoded words is not part of the text
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, /** @type {string} */ encoding, /** @type {string} */ data) => decodeWord(encoding, data));
}

/** @param {string} encoding Q or B @param {string} data */
function decodeWord(encoding, data) {
  if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
  const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, /** @type {string} */ hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
