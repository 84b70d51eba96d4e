import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './test';
import { contractorOnPlan } from './contractor';
import { sendQuote } from './quote';

// Webhooks end to end, in the dashboard of a Smart contractor against the real api and worker: an
// endpoint added in the Integrations tab receives a homeowner's quote request signed per
// Standard Webhooks (verified with the `standardwebhooks` library, not our code), the delivery
// log shows it, Resend sends it again, and a receiver answering 500 is retried with each attempt
// shown. The receiver is a local HTTP server (e2e/serve.mjs sets WEBHOOK_ALLOW_LOOPBACK).

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local receiver that records every request and answers `status()`. */
async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  answer: (status: number) => void;
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body, at: Date.now() });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rafter-hook`,
    received,
    answer: (next) => (status = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The headers Standard Webhooks verifies, as the receiver got them. */
function signatureHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return {
    'webhook-id': String(headers['webhook-id']),
    'webhook-timestamp': String(headers['webhook-timestamp']),
    'webhook-signature': String(headers['webhook-signature']),
  };
}

test('a quote request reaches the endpoint signed; the log shows it, resends it, and retries a failing receiver', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    const contractor = await contractorOnPlan(page, 'Smart Estimator');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Integrations' })
      .click();

    // Add the endpoint; its signing secret is shown once.
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await expect(form.getByRole('checkbox', { name: /^lead\.created/ })).toBeChecked();
    await form.getByRole('button', { name: /Add|Save/ }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await secretDialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    const endpoint = webhooks.getByRole('listitem').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('Active');

    // A homeowner's quote request arrives, signed with that secret.
    const sentAt = Date.now();
    const leadId = await sendQuote(page.request, contractor.id, {
      firstName: 'Dana',
      lastName: 'Webhook',
      estimateLow: 7_020,
      estimateMid: 9_135,
      estimateHigh: 11_250,
    });
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
    const [first] = receiver.received;
    test.info().annotations.push({
      type: 'webhook latency',
      description: `${first!.at - sentAt} ms from the quote request's answer to the receiver`,
    });
    const event = new Webhook(secret).verify(first!.body, signatureHeaders(first!.headers)) as {
      type: string;
      data: { id: string; lead?: { id: string } } & Record<string, unknown>;
    };
    expect(event.type).toBe('lead.created');
    expect(JSON.stringify(event.data)).toContain(leadId);
    // A tampered body fails verification.
    expect(() =>
      new Webhook(secret).verify(
        first!.body.replace('Webhook', 'Tampered'),
        signatureHeaders(first!.headers),
      ),
    ).toThrow();

    // The log shows the delivery; Resend sends the same event again (same webhook-id).
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const log = endpoint.getByRole('list', { name: 'Deliveries' });
    const delivered = log.getByRole('listitem').filter({ hasText: 'lead.created' });
    await expect(delivered).toContainText('Delivered');
    await expect(delivered).toContainText('HTTP 200');
    await delivered.getByRole('button', { name: /^Resend lead\.created/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    new Webhook(secret).verify(
      receiver.received[1]!.body,
      signatureHeaders(receiver.received[1]!.headers),
    );

    // A receiver answering 500 is retried (the first retry comes about 5 s later), and the log
    // shows each attempt.
    receiver.answer(500);
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(3);
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(4);
    expect(receiver.received[3]!.headers['webhook-id']).toBe(
      receiver.received[2]!.headers['webhook-id'],
    );
    const failing = log.getByRole('listitem').filter({ hasText: /HTTP 500/ });
    await expect(failing).toContainText('2 attempts', { timeout: 30_000 });
    await failing.getByRole('button', { name: 'Attempts' }).click();
    await expect(failing.getByText(/Attempt 1 · .* HTTP 500/)).toBeVisible();
    await expect(failing.getByText(/Attempt 2 · .* HTTP 500/)).toBeVisible();
    await expect(failing.getByText('answered 500').first()).toBeVisible();
  } finally {
    await receiver.close();
  }
});
