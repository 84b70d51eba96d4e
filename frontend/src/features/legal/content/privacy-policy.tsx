import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { APP_ROUTES } from '@rafter/domain/routes';
import { CONTACT_EMAIL } from '../../../lib/contact';
import type { LegalDocumentContent } from '../types';

const contactLink = <Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Link>;

export const PRIVACY_POLICY: LegalDocumentContent = {
  title: 'Privacy Policy',
  lastUpdated: 'November 27, 2026',
  intro: (
    <p>
      This policy explains what personal information Rafter collects, why we collect it, who we
      share it with and the choices you have. It covers our website, the estimate calculator and the
      contractor dashboard.
    </p>
  ),
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are and who this covers',
      content: (
        <>
          <p>
            Rafter provides roofing contractors with an instant roof-estimate calculator and a
            dashboard to manage the leads it collects. This policy applies to two groups of people:
          </p>
          <ul>
            <li>
              <strong>Contractors</strong> who create a Rafter account. For your account
              information, Rafter decides how it is used.
            </li>
            <li>
              <strong>Homeowners and other visitors</strong> who use a calculator on a
              contractor&apos;s website or share page. When you ask for a quote, you are contacting
              that contractor, and we handle your details on the contractor&apos;s behalf.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      content: (
        <>
          <p>
            <strong>From contractors:</strong> your name, email address and password (stored only as
            a secure hash), or your Google account details if you sign in with Google; your business
            profile, such as business name, address, service areas and logo; your calculator
            settings; and your subscription status. Card details go straight to our payment provider
            and are never stored by us.
          </p>
          <p>
            <strong>If you connect Google Calendar:</strong> the times your calendar is busy (start
            and end only, never titles, guests or descriptions), used to offer homeowners only the
            times you are free, and access to add, move and remove the roof inspections booked
            through Rafter. Rafter uses this data for nothing else and keeps only the latest busy
            times; disconnecting in the Calendar tab deletes them and withdraws the access.
          </p>
          <p>
            <strong>From homeowners requesting a quote on behalf of a contractor:</strong> your
            name, email address and phone number; the property address, zip code and map location;
            your answers about ownership, roofing material and number of stories; the estimated roof
            size and cost we calculate; and the time of a roof inspection you book.
          </p>
          <p>
            <strong>Usage statistics from the calculator:</strong> which steps of the calculator a
            visit reached (opened, started, measured, saw the estimate, asked for a quote, booked an
            inspection), the website or share page it ran on, the campaign named in the page address
            (its <code>utm_</code> parameters), whether the device is a phone, tablet or computer,
            the roofing material chosen, the zip code of the address measured (never the street or
            house number), and when. Each visit gets a random number that lives only as long as the
            page is open; we set no cookie for it, store nothing in your browser, and keep no IP
            address or browser details with these statistics. If you ask for a quote, the request
            carries that number, so a job the contractor wins from it counts for the website,
            campaign and device the visit came from; otherwise the statistics cannot be linked to
            you. The contractor sees only totals, such as how many visits reached each step and how
            many jobs each website won. If your browser sends Global Privacy Control or Do Not
            Track, the calculator collects no statistics at all and your quote request carries no
            such number.
          </p>
          <p>
            <strong>Automatically:</strong> basic technical information such as IP address, browser
            type and the pages used, which we keep in server logs to run and protect the service.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      title: 'How we use information',
      content: (
        <ul>
          <li>
            to provide the calculator, show estimates and deliver quote requests to contractors;
          </li>
          <li>to score and organise leads in the contractor&apos;s dashboard;</li>
          <li>to show contractors how their calculator is used, as totals that identify no one;</li>
          <li>to send service emails, such as new-lead alerts, receipts and password resets;</li>
          <li>to bill subscriptions and prevent fraud and abuse;</li>
          <li>to provide support and improve the service;</li>
          <li>to meet our legal obligations.</li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'How information is shared',
      content: (
        <p>
          A homeowner&apos;s quote request is shared with the contractor whose calculator was used,
          so they can reply with a quote. Contractors then use that information under their own
          privacy practices. We also share information with the service providers listed below, and
          with authorities when the law requires it. If Rafter is ever sold or merged, information
          may pass to the new owner under the same protections described here.
        </p>
      ),
    },
    {
      id: 'no-sale-of-data',
      title: 'We do not sell your data',
      content: (
        <p>
          We <strong>do not sell personal information</strong>, and we do not share it with anyone
          for their own advertising. Homeowner leads go only to the contractor whose calculator
          produced them.
        </p>
      ),
    },
    {
      id: 'service-providers',
      title: 'Service providers',
      content: (
        <>
          <p>
            We use a small number of trusted companies (processors) that handle data only on our
            instructions:
          </p>
          <ul>
            <li>
              <strong>Payments:</strong> a card payment provider processes subscription payments.
            </li>
            <li>
              <strong>Email:</strong> an email delivery provider sends account and lead notification
              emails.
            </li>
            <li>
              <strong>Maps:</strong> a maps provider powers address search, satellite maps and roof
              measurement.
            </li>
            <li>
              <strong>Hosting:</strong> cloud providers store and run the service.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep information',
      content: (
        <p>
          We keep account and lead information while the contractor&apos;s account is open. When an
          account is closed, we delete or anonymise its data within 90 days, except where we must
          keep records longer by law, such as billing records for tax purposes. Calculator usage
          statistics are kept per visit for about 13 months and as daily totals while the account is
          open. Server logs are kept for a short period for security and troubleshooting.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      content: (
        <p>
          We protect information with encryption in transit, hashed passwords and{' '}
          <strong>role-based access controls</strong>, so each contractor sees only their own leads
          and only staff who need access to do their job can reach personal data. No system is
          perfectly secure, but we work to prevent unauthorised access and will tell affected users
          promptly if a breach affects their information.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and similar technologies',
      content: (
        <p>
          We use only the cookies and browser storage needed to keep you signed in, remember your
          choices and keep the service secure. We do not use advertising cookies. The calculator
          embedded on a contractor&apos;s website sets no cookies, does not track visitors across
          other sites or visits, and honours Global Privacy Control and Do Not Track.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights and choices',
      content: (
        <>
          <p>You can ask us to:</p>
          <ul>
            <li>see the personal information we hold about you;</li>
            <li>correct information that is wrong;</li>
            <li>delete your information;</li>
            <li>
              give you a copy of your data, which we provide for download as{' '}
              <strong>CSV or JSON</strong>.
            </li>
          </ul>
          <p>
            Contractors can export their leads from the dashboard at any time. Homeowners can ask
            the contractor they contacted, or us, and we will help. We{' '}
            <strong>answer every request within 30 days</strong>.
          </p>
        </>
      ),
    },
    {
      id: 'ccpa-and-gdpr',
      title: 'California (CCPA) and European (GDPR) rights',
      content: (
        <>
          <p>
            <strong>California residents</strong> have rights under the California Consumer Privacy
            Act (CCPA): to know what personal information we collect and how we use it, to have it
            deleted or corrected, to opt out of its sale (we do not sell it), and not to be treated
            differently for using these rights.
          </p>
          <p>
            <strong>People in the European Economic Area and the United Kingdom</strong> have rights
            under the General Data Protection Regulation (GDPR): access, correction, deletion,
            restriction, portability and objection, and the right to complain to your local data
            protection authority. We process data to perform our contract with contractors, for our
            legitimate interest in running a secure service, and to meet legal obligations.
          </p>
          <p>To use any of these rights, email {contactLink}.</p>
        </>
      ),
    },
    {
      id: 'age-requirement',
      title: 'Minimum age',
      content: (
        <p>
          Rafter is meant for adults. You must be <strong>at least 18 years old</strong> to create
          an account or request a quote. We do not knowingly collect information from anyone under
          18; if we learn that we have, we delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          We may update this policy as the service changes. The date at the top shows the latest
          version. If we make a significant change, we will email account holders before it takes
          effect. Our{' '}
          <Link component={RouterLink} to={APP_ROUTES.terms}>
            Terms of Service
          </Link>{' '}
          explain the rest of our agreement with contractors.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      content: (
        <p>
          For privacy questions or requests, email {contactLink}. We answer every privacy request
          within 30 days.
        </p>
      ),
    },
  ],
};
