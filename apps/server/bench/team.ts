/**
 * The team figure: one bulk invitation of 500 new addresses through the real route
 * (`POST /api/rest/v1/enterprise/account-users/bulk-create-by-email`), each invitation mailed
 * to a real SMTP server on loopback (test/smtp-receiver.ts) before its member is stored. The
 * time is the request's, from sending it to the answer; an e-mail must have arrived for every
 * address answered `ok` (a difference is printed), and the addresses refused are counted.
 */
import { BULK_INVITE_MAX } from '@listloop/domain';
import { Agent, setGlobalDispatcher } from 'undici';
import { TestClient } from '../test/client';
import type { SmtpReceiver } from '../test/smtp-receiver';

export async function benchTeam(
  baseUrl: string,
  owner: { email: string; password: string },
  smtp: SmtpReceiver,
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
) {
  // The figure is the server's, however long it takes: no client-side cut-off at 300 s.
  setGlobalDispatcher(new Agent({ headersTimeout: 0, bodyTimeout: 0 }));
  const client = new TestClient(baseUrl);
  const login = await client.post('/api/rest/v1/auth/session_login', owner);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
  const emails = Array.from(
    { length: BULK_INVITE_MAX },
    (_, i) => `bench-invitee-${i}@example.test`,
  );
  const before = smtp.messages.length;
  console.log(`Team: a bulk invitation of ${emails.length} addresses…`);
  const started = performance.now();
  const response = await client.post('/api/rest/v1/enterprise/account-users/bulk-create-by-email', {
    emails,
  });
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`bulk invitation failed: ${response.text}`);
  const results = response.body.data as { email: string; ok: boolean; message?: string }[];
  const refused = results.filter((r) => !r.ok);
  // A refused address is part of the figure (a send that failed under load), not a crash.
  for (const reason of new Set(refused.map((r) => r.message ?? ''))) {
    console.log(
      `  refused: ${refused.filter((r) => (r.message ?? '') === reason).length} × ${reason}`,
    );
  }
  const arrived = smtp.messages.length - before;
  // A send the server gave up on may still have reached the receiver late: said, not fatal.
  if (arrived !== results.length - refused.length) {
    console.log(`  ${arrived} e-mails arrived for ${results.length - refused.length} answered ok`);
  }
  add({
    name: `bulk invitation of ${emails.length} members by e-mail (loopback SMTP)`,
    value: ms / 1000,
    unit: 's',
  });
  add({ name: 'bulk invitation, addresses refused', value: refused.length, unit: 'of 500' });
  add({
    name: 'bulk invitation, time per member',
    value: ms / emails.length,
    unit: 'ms',
  });
}
