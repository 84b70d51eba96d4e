import { formatUsd } from '@rafter/domain/estimate';
import { estimateEmail } from './estimate-email.template';
import { type ContractorBrand } from './homeowner-layout';
import { COLOR_SLOTS, readableOnWhite, textOn } from './mjml-template';

const brand: ContractorBrand = {
  businessName: 'Sunny Roofing',
  email: 'pat@sunny.test',
  phone: '5125550177',
  logoUrl: 'https://cdn.rafter.test/logos/sunny.png',
  brandColor: '#1d4ed8',
  postalAddress: '500 Oak St, Austin, TX 78704',
};

const lead = {
  name: 'Maria Garcia',
  email: 'maria@homes.test',
  address: '1100 Congress Ave, Austin, TX',
  zipCode: '78701',
  material: 'tile',
  stories: 'two',
  roofArea: 2150,
  estimateLow: 7310,
  estimateMid: 9853,
  estimateHigh: 12_793,
};

const UNSUBSCRIBE = 'https://rafter.test/api/email/unsubscribe?token=abc.def';

describe('estimateEmail', () => {
  it('says what the widget showed, in HTML and text, with the contractor as sender', async () => {
    const mail = await estimateEmail({ brand, lead, unsubscribeUrl: UNSUBSCRIBE });
    expect(mail).toMatchObject({
      template: 'homeowner-estimate',
      to: 'maria@homes.test',
      subject: 'Your roof estimate from Sunny Roofing',
      fromName: 'Sunny Roofing',
      replyTo: 'pat@sunny.test',
      headers: {
        'List-Unsubscribe': `<${UNSUBSCRIBE}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    for (const body of [mail.html, mail.text]) {
      for (const expected of [
        'Hi Maria Garcia,',
        '1100 Congress Ave, Austin, TX 78701',
        '2,150 sq ft',
        'Tile',
        '2 stories',
        formatUsd(7310),
        formatUsd(9853),
        formatUsd(12_793),
        'What happens next',
        '(512) 555-0177',
        'pat@sunny.test',
        '500 Oak St, Austin, TX 78704',
      ]) {
        expect(body).toContain(expected);
      }
    }
    expect(mail.text).toContain('Low: $7,310\nAverage: $9,853\nHigh: $12,793');
    expect(mail.text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    expect(mail.html).toContain('<img');
    expect(mail.html).toContain('src="https://cdn.rafter.test/logos/sunny.png"');
    expect(mail.html).toContain('href="tel:+15125550177"');
    expect(mail.html).toContain(`href="${UNSUBSCRIBE}"`);
  });

  it('fills every slot and colour: nothing of the template shows through', async () => {
    const mail = await estimateEmail({ brand, lead, unsubscribeUrl: UNSUBSCRIBE });
    expect(mail.html).not.toMatch(/\{\{|\}\}/);
    for (const color of Object.values(COLOR_SLOTS)) {
      expect(mail.html.toLowerCase()).not.toContain(color);
    }
    expect(mail.html).toContain('#1d4ed8');
    expect(mail.html).toContain('#ffffff');
  });

  it('escapes what contractors and homeowners typed', async () => {
    const mail = await estimateEmail({
      brand: { ...brand, businessName: 'Bob & <b>Sons</b>', logoUrl: null },
      lead: { ...lead, name: '<script>alert(1)</script>', address: '"><img src=x> St' },
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Sons');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Bob &amp; &lt;b&gt;Sons&lt;/b&gt;');
    expect(mail.subject).toBe('Your roof estimate from Bob & <b>Sons</b>');
  });

  it('without a phone, offers the e-mail address; without a logo, shows the name', async () => {
    const mail = await estimateEmail({
      brand: { ...brand, phone: null, logoUrl: null, postalAddress: null },
      lead,
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(mail.html).not.toContain('tel:');
    expect(mail.text).toContain('Questions? Reply to this e-mail or write to pat@sunny.test.');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('--\n\nSunny Roofing\n\n');
  });

  it.each([
    ['#1d4ed8', '#ffffff'],
    ['#16a34a', '#ffffff'],
    ['#fde047', '#111827'],
    ['#ffffff', '#111827'],
  ])('puts readable text on %s (%s)', (background, text) => {
    expect(textOn(background)).toBe(text);
  });

  it.each([
    // Dark enough already: kept.
    ['#1d4ed8', '#1d4ed8'],
    ['#111827', '#111827'],
    // The product's green (3.3:1 on white) and a yellow (1.4:1): darkened in their own hue.
    ['#16a34a', '#12823b'],
    ['#fde047', '#7e7023'],
  ])(
    'makes links in %s readable on white (%s: 4.9:1 and 5.0:1 for the darkened ones)',
    (brand, link) => {
      expect(readableOnWhite(brand)).toBe(link);
    },
  );

  it('offers a free roof inspection when the contractor takes bookings, in the brand colour', async () => {
    const bookingUrl = 'https://rafter.test/api/booking/page?token=b.abc.def';
    const mail = await estimateEmail({ brand, lead, unsubscribeUrl: UNSUBSCRIBE, bookingUrl });
    expect(mail.html).toContain('Book a free roof inspection');
    expect(mail.html).toContain(`href="${bookingUrl}"`);
    expect(mail.html.toLowerCase()).toContain('#1d4ed8');
    expect(mail.text).toContain(`Or pick a time for a free roof inspection now: ${bookingUrl}`);
    expect(mail.text).not.toContain('There is nothing you need to do');

    const without = await estimateEmail({ brand, lead, unsubscribeUrl: UNSUBSCRIBE });
    expect(without.html).not.toContain('Book a free roof inspection');
    expect(without.text).toContain('There is nothing you need to do until then.');
  });
});
