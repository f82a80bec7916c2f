// The server under test, started by Playwright's webServer: the real server (tsx, no build
// step for it) in embedded mode on a fresh, temporary DATA_DIR, so every run seeds a new demo
// account. The directory is removed when the server stops.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { runServerAndExit } from '../scripts/lib/server.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listloop-e2e-'));

// The server's e-mail goes to a receiver on loopback that writes each message to E2E_MAIL_DIR
// (chosen by playwright.config.ts), where a journey reads what a person would get by e-mail.
const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error('E2E_MAIL_DIR is not set: run the journeys through Playwright');
fs.mkdirSync(mailDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      fs.writeFileSync(path.join(mailDir, `${Date.now()}-${received}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

// Settings of the developer's own server must not leak into the one under test.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://e2e:e2e@127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'ListLoop <team@listloop.local>',
};
for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'ROLE', 'WEB_DIST_DIR', 'TRUSTED_ORIGINS'])
  delete env[name];

// A journey may move the server's clock forward (an invitation older than five days) by
// writing an offset in milliseconds to this file; see e2e/support/clock.ts.
const clockFile = process.env.E2E_CLOCK_FILE;
if (clockFile) fs.writeFileSync(clockFile, '0');

runServerAndExit({
  env,
  nodeArgs: clockFile
    ? ['--import', pathToFileURL(path.join(import.meta.dirname, 'support/clock-shift.mjs')).href]
    : [],
  onExit: () => {
    smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
  },
});
