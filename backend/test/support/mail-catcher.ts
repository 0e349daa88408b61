/** Reads the local mail catcher (maildev) over its HTTP API, as a person would read the inbox. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  from: { address: string; name?: string }[];
  replyTo?: { address: string }[];
  date: string;
}

const base = () => process.env.MAIL_CATCHER_URL ?? 'http://127.0.0.1:1080';

export async function mailsTo(address: string): Promise<CaughtMail[]> {
  // Filtered by the catcher (maildev matches `to.address` exactly, so the address as given and in lower case): the
  // whole inbox grows with every test and run beside it, and reading it all on each poll got slower than the waits.
  const spellings = [...new Set([address, address.toLowerCase()])];
  const found = await Promise.all(
    spellings.map(async (spelling) => {
      const response = await fetch(`${base()}/email?${new URLSearchParams({ 'to.address': spelling })}`);
      if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
      return (await response.json()) as CaughtMail[];
    }),
  );
  const byId = new Map(found.flat().map((mail) => [mail.id, mail]));
  return [...byId.values()].filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Polls until `count` mails to `address` have arrived (or the time runs out), then returns them. */
export async function waitForMails(address: string, count = 1, timeoutMs = 10000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export function uniqueAddress(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
