import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DevMailbox } from './dev-mailbox';

const message = (subject: string) => ({
  to: 'pat@roofers.example',
  subject,
  html: '<p>Hi</p>',
  text: 'Hi',
  template: 'test',
});

describe('DevMailbox', () => {
  const dir = () => join(mkdtempSync(join(tmpdir(), 'rafter-mailbox-spec-')), 'mailbox');

  it('lists nothing before the first message', async () => {
    await expect(new DevMailbox(dir()).list()).resolves.toEqual([]);
  });

  it('stores messages as files and lists them newest first', async () => {
    const mailbox = new DevMailbox(dir());
    const first = await mailbox.deliver(message('First'), 'Rafter <no-reply@rafter.app>');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await mailbox.deliver(message('Second'), 'Rafter <no-reply@rafter.app>');

    expect(readdirSync(mailbox.dir).sort()).toEqual(
      [`${first.messageId}.json`, `${second.messageId}.json`].sort(),
    );
    const list = await mailbox.list();
    expect(list.map((entry) => entry.subject)).toEqual(['Second', 'First']);
    expect(list[0]).toEqual({
      id: second.messageId,
      to: 'pat@roofers.example',
      subject: 'Second',
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await expect(mailbox.get(first.messageId)).resolves.toMatchObject({
      from: 'Rafter <no-reply@rafter.app>',
      html: '<p>Hi</p>',
      text: 'Hi',
      template: 'test',
    });
  });

  it('keeps the Reply-To and extra headers, so a homeowner e-mail can be checked there', async () => {
    const mailbox = new DevMailbox(dir());
    const sent = await mailbox.deliver(
      {
        ...message('Your roof estimate'),
        replyTo: 'pat@roofers.example',
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      '"Sunny Roofing" <no-reply@rafter.app>',
    );
    await expect(mailbox.get(sent.messageId)).resolves.toMatchObject({
      from: '"Sunny Roofing" <no-reply@rafter.app>',
      replyTo: 'pat@roofers.example',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  });

  it.each(['../secrets', '..%2Fsecrets', 'not-an-id', ''])(
    'finds nothing for an id that is not one of its own (%s)',
    async (id) => {
      const mailbox = new DevMailbox(dir());
      await mailbox.deliver(message('Hello'), 'x@y.z');
      await expect(mailbox.get(id)).resolves.toBeUndefined();
    },
  );

  it('ignores files it did not write', async () => {
    const mailbox = new DevMailbox(dir());
    await mailbox.deliver(message('Hello'), 'x@y.z');
    writeFileSync(join(mailbox.dir, 'notes.txt'), 'hello');
    writeFileSync(join(mailbox.dir, '.partial.tmp'), '{');
    expect(await mailbox.list()).toHaveLength(1);
  });
});
