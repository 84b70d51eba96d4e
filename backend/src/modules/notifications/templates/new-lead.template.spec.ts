import { escapeHtml, html, oneLine } from './html';
import {
  LOCKED_LEAD_TEMPLATE,
  NEW_LEAD_TEMPLATE,
  newLeadMail,
  type NewLeadMailInput,
} from './new-lead.template';

const LEAD_ID = '6f1f4c1e-8a4b-4f8e-9d55-0c9a4f6f7a10';

function input(lead: Partial<NewLeadMailInput['lead']> = {}): NewLeadMailInput {
  return {
    publicUrl: 'https://rafter.example',
    owner: { email: 'pat@roofers.example', fullName: 'Pat Contractor', businessName: 'Sunny' },
    lead: {
      id: LEAD_ID,
      firstName: 'Maria',
      lastName: 'Garcia',
      email: 'maria@homes.example',
      phone: '(512) 555-0142',
      address: '1100 Congress Ave, Austin, TX',
      zipCode: '78701',
      material: 'metal',
      stories: 'one',
      roofArea: 1834,
      estimateLow: 11_004,
      estimateMid: 27_965,
      estimateHigh: 44_933,
      score: 74,
      locked: false,
      lockedReason: null,
      ...lead,
    },
  };
}

describe('html', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"quoted" & 'single'`, '&quot;quoted&quot; &amp; &#39;single&#39;'],
    ['plain', 'plain'],
  ])('escapes %s', (value, expected) => {
    expect(escapeHtml(value)).toBe(expected);
    expect(html`<td title="${value}">${value}</td>`.value).toBe(
      `<td title="${expected}">${expected}</td>`,
    );
  });

  it('inserts markup built by the tag as is, and arrays item by item', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${['<', inner]}</p>`.value).toBe(
      '<p><b>&lt;i&gt;</b>&lt;<b>&lt;i&gt;</b></p>',
    );
  });

  it('keeps header values on one line', () => {
    expect(oneLine('New lead: A\r\nBcc: x@y.z\t B ')).toBe('New lead: A Bcc: x@y.z B');
  });
});

describe('newLeadMail', () => {
  it("lists the homeowner's details, the estimate and a link to the lead", () => {
    const mail = newLeadMail(input());
    expect(mail).toMatchObject({
      template: NEW_LEAD_TEMPLATE,
      to: 'pat@roofers.example',
      subject: 'New lead: Maria Garcia · $11,004 - $44,933',
    });
    const link = `https://rafter.example/dashboard?tab=leads&lead=${LEAD_ID}`;
    for (const expected of [
      'Hi Pat Contractor,',
      'Maria Garcia',
      'maria@homes.example',
      '(512) 555-0142',
      '1100 Congress Ave, Austin, TX 78701',
      'Metal',
      '1 story',
      '1,834 sq ft',
      '$11,004',
      '$27,965',
      '$44,933',
      '74/100',
    ]) {
      expect(mail.text).toContain(expected);
      expect(mail.html).toContain(expected);
    }
    expect(mail.text).toContain(`View lead: ${link}`);
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('href="mailto:maria@homes.example"');
    expect(mail.html).toContain('href="tel:5125550142"');
    expect(mail.html).toContain('background-color:#16a34a');
  });

  it('escapes user content in the HTML and keeps the subject on one line', () => {
    const mail = newLeadMail(
      input({
        firstName: '<script>alert("x")</script>',
        lastName: "O'Brien\r\nBcc: evil@example.com",
        address: '<img src=x onerror=alert(1)>',
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img src=x/i);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('O&#39;Brien');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe(
      'New lead: <script>alert("x")</script> O\'Brien Bcc: evil@example.com · $11,004 - $44,933',
    );
  });

  it('greets by business name, then without a name', () => {
    const byBusiness = input();
    byBusiness.owner.fullName = null;
    expect(newLeadMail(byBusiness).text).toMatch(/^Hi Sunny,/);
    byBusiness.owner.businessName = '  ';
    expect(newLeadMail(byBusiness).text).toMatch(/^Hi,/);
  });

  it.each([
    ['no_active_plan', 'no active plan'],
    ['monthly_limit', 'monthly lead limit reached'],
  ] as const)('hides a lead locked for %s and explains how to unlock it', (reason, label) => {
    const mail = newLeadMail(input({ locked: true, lockedReason: reason }));
    expect(mail.template).toBe(LOCKED_LEAD_TEMPLATE);
    expect(mail.subject).toBe('New lead received — upgrade to see it');
    for (const body of [mail.text, mail.html]) {
      for (const hidden of ['Maria', 'Garcia', 'maria@', '555-0142', 'Congress', LEAD_ID]) {
        expect(body).not.toContain(hidden);
      }
      expect(body).toContain(label);
      expect(body).toContain('https://rafter.example/dashboard?tab=subscription');
      expect(body).toContain('$11,004 - $44,933');
    }
  });
});
