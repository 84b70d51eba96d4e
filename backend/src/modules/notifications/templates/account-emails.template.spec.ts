import {
  CONFIRM_EMAIL_TEMPLATE,
  RESET_PASSWORD_TEMPLATE,
  confirmEmailMail,
  resetPasswordMail,
} from './account-emails.template';

const input = {
  publicUrl: 'https://rafter.example',
  user: { email: 'pat@roofers.example', fullName: 'Pat <b>Roofer</b>' },
  token: 'tok_en-123',
};

describe('account e-mails', () => {
  it('confirmation: subject, greeting and a link to the api that confirms', () => {
    const mail = confirmEmailMail(input);
    expect(mail).toMatchObject({
      template: CONFIRM_EMAIL_TEMPLATE,
      to: 'pat@roofers.example',
      subject: 'Confirm your Rafter account',
    });
    const url = 'https://rafter.example/api/auth/confirm-email?token=tok_en-123';
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('background-color:#16a34a');
    expect(mail.html).toContain('Pat &lt;b&gt;Roofer&lt;/b&gt;');
  });

  it('reset: the token only in the URL fragment', () => {
    const mail = resetPasswordMail(input);
    expect(mail).toMatchObject({
      template: RESET_PASSWORD_TEMPLATE,
      subject: 'Reset your Rafter password',
    });
    const url = 'https://rafter.example/reset-password#token=tok_en-123';
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).toContain(`href="${url}"`);
  });

  it('greets without a name when there is none', () => {
    const mail = confirmEmailMail({ ...input, user: { ...input.user, fullName: ' ' } });
    expect(mail.text).toMatch(/^Hi,\n/);
  });
});
