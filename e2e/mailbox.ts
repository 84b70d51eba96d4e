import { expect } from '@playwright/test';

/** A message the SMTP sink started by serve.mjs received. */
export interface SinkMessage {
  to: string[];
  receivedAt: string;
  subject: string;
  text: string;
  html: string;
}

const MAIL_URL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 3199}/messages`;

export async function messagesTo(address: string): Promise<SinkMessage[]> {
  const response = await fetch(`${MAIL_URL}?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`The mail sink answered ${response.status}`);
  return (await response.json()) as SinkMessage[];
}

/** Waits for the `count`-th e-mail to `address` (the outbox and worker send it a moment later). */
export async function waitForMail(address: string, count = 1): Promise<SinkMessage> {
  let messages: SinkMessage[] = [];
  await expect
    .poll(
      async () => {
        messages = await messagesTo(address);
        return messages.length;
      },
      { message: `e-mail number ${count} to ${address}`, timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return messages[count - 1]!;
}

/** The first link in the message's text part whose address matches `pattern`. */
export function linkIn(message: SinkMessage, pattern: RegExp): string {
  const link = message.text.match(/https?:\/\/[^\s<>"')]+/g)?.find((url) => pattern.test(url));
  if (!link)
    throw new Error(`No link matching ${pattern} in "${message.subject}":\n${message.text}`);
  return link;
}

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
