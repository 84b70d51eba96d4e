import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOW_UP_SEQUENCE } from '@rafter/domain/follow-ups';
import { fakeApi, type FakeRequest } from '../../test/fake-api';
import { renderWithQuery } from '../../test/render-with-query';
import { FollowUpsTab } from './components/FollowUpsTab';

function sequenceApi() {
  return fakeApi({
    'GET /api/follow-ups/sequence': () => ({ body: DEFAULT_FOLLOW_UP_SEQUENCE }),
    'PUT /api/follow-ups/sequence': (request: FakeRequest) => ({ body: request.body }),
  });
}

function renderTab(access: 'allowed' | 'locked' = 'allowed') {
  renderWithQuery(
    <MemoryRouter>
      <FollowUpsTab access={access} upgradeTo="/dashboard?tab=subscription" />
    </MemoryRouter>,
  );
}

const form = () => screen.getByRole('form', { name: 'Follow-up sequence' });
const step = (n: number) => within(form()).getByRole('group', { name: `Step ${n}` });
const preview = () => screen.getByRole('region', { name: 'Preview' });

describe('Follow-ups tab', () => {
  it('shows the default sequence and previews the step being edited with example details', async () => {
    sequenceApi();
    renderTab();
    await screen.findByRole('form', { name: 'Follow-up sequence' });
    expect(within(step(1)).getByLabelText('Subject')).toHaveValue(
      'Any questions about your roof estimate, {{firstName}}?',
    );
    expect(
      within(preview()).getByText('Any questions about your roof estimate, Maria?'),
    ).toBeVisible();

    await userEvent.click(within(step(2)).getByLabelText('Subject'));
    expect(within(preview()).getByText('Day 7 · E-mail, with example details')).toBeVisible();
    const subject = within(step(2)).getByLabelText('Subject');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Hello {{{{firstName}}, your roof');
    expect(within(preview()).getByText('Hello Maria, your roof')).toBeVisible();
  });

  it('refuses a sequence with steps out of order or an unknown field, saying why, and saves a fixed one', async () => {
    const api = sequenceApi();
    renderTab();
    await screen.findByRole('form', { name: 'Follow-up sequence' });
    const day = within(step(2)).getByLabelText('Day');
    await userEvent.clear(day);
    await userEvent.type(day, '1');
    const message = within(step(1)).getByLabelText('Message');
    await userEvent.type(message, ' {{{{price}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save sequence' }));
    expect(
      screen.getByText('Each step must come on a later day than the one before'),
    ).toBeVisible();
    expect(screen.getByText(/The message uses an unknown merge field \{\{price\}\}/)).toBeVisible();
    expect(api.calls('PUT /api/follow-ups/sequence')).toHaveLength(0);

    await userEvent.clear(day);
    await userEvent.type(day, '5');
    await userEvent.clear(message);
    await userEvent.type(message, 'Hi');
    await userEvent.click(within(form()).getByRole('checkbox', { name: 'Contacted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save sequence' }));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(api.calls('PUT /api/follow-ups/sequence')[0]!.body).toEqual({
      enabled: true,
      steps: [
        { ...DEFAULT_FOLLOW_UP_SEQUENCE.steps[0], body: 'Hi' },
        { ...DEFAULT_FOLLOW_UP_SEQUENCE.steps[1], delayDays: 5 },
      ],
      stopStatuses: ['qualified', 'converted', 'lost'],
    });
  });

  it('adds a text step, shown as a text with the opt-out line, and removes a step', async () => {
    sequenceApi();
    renderTab();
    await screen.findByRole('form', { name: 'Follow-up sequence' });
    await userEvent.click(screen.getByRole('button', { name: 'Add a step' }));
    await userEvent.click(within(step(3)).getByRole('combobox', { name: 'Channel' }));
    await userEvent.click(screen.getByRole('option', { name: 'Text message' }));
    expect(within(step(3)).queryByLabelText('Subject')).toBeNull();
    await userEvent.type(within(step(3)).getByLabelText('Text'), 'Still there?');
    expect(
      within(preview()).getByText(/Sunny Roofing: Still there\?\s+Reply STOP to opt out/),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(within(form()).queryByRole('group', { name: 'Step 3' })).toBeNull();
  });

  it('explains the feature and offers the upgrade below Smart', () => {
    renderTab('locked');
    expect(
      screen.getByText('Automated follow-ups come with the Smart Estimator plan'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade to Smart Estimator' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
    expect(screen.queryByRole('form')).toBeNull();
  });
});
