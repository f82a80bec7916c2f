import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import PostalMime from 'postal-mime';

/** The e-mails the server sent to an address, read from what e2e/web-server.mjs received. */
async function mailsTo(email: string) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  const mails = await Promise.all(
    names.map(async (name) => PostalMime.parse(await fs.readFile(path.join(dir, name)))),
  );
  return mails.filter((mail) =>
    (mail.to ?? []).some((to) => 'address' in to && to.address === email),
  );
}

/** The temporary password of the invitation last e-mailed to a new team member. */
export async function temporaryPasswordMailedTo(email: string): Promise<string> {
  let password = '';
  await expect
    .poll(
      async () => {
        const text = (await mailsTo(email)).at(-1)?.text ?? '';
        password = /\b[2-9a-zA-Z]{4}-[2-9a-zA-Z]{4}-[2-9a-zA-Z]{4}\b/.exec(text)?.[0] ?? '';
        return password;
      },
      { message: `an invitation e-mail to ${email}` },
    )
    .not.toBe('');
  return password;
}

/** The join link of the invitation last e-mailed to an address, as the person would click it. */
export async function joinLinkMailedTo(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const text = (await mailsTo(email)).at(-1)?.text ?? '';
        link = /https?:\/\/\S+\/join-team\S*/.exec(text)?.[0] ?? '';
        return link;
      },
      { message: `a join link e-mailed to ${email}` },
    )
    .not.toBe('');
  return link;
}
