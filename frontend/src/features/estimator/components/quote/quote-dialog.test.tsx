import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { TEXT_CONSENT_WORDING } from '@rafter/domain/text-consent';
import { QuoteDialog } from './QuoteDialog';

const RECEIPT = { id: 'lead-1', roofArea: 1800, estimate: { low: 1, mid: 2, high: 3 }, score: 70 };

function renderDialog(submit = vi.fn(async () => RECEIPT)) {
  const onClose = vi.fn();
  renderWithProviders(
    <QuoteDialog open onClose={onClose} submit={submit} closeDelayMs={3000} onDone={vi.fn()} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Get Your Exact Quote' });
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  return { dialog, field, submit, onClose };
}

describe('quote dialog', () => {
  it('has the four required fields, email and phone typed, and Cancel and Submit', () => {
    const { dialog, field } = renderDialog();

    for (const name of ['First Name', 'Last Name', 'Email', 'Phone Number']) {
      expect(field(name)).toBeRequired();
    }
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone Number')).toHaveAttribute('type', 'tel');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('shows each field its error under it and sends nothing while a field is invalid', async () => {
    const user = userEvent.setup();
    const { dialog, field, submit } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('First name is required')).toBeVisible();
    expect(within(dialog).getByText('Last name is required')).toBeVisible();
    expect(within(dialog).getByText('Email is required')).toBeVisible();
    expect(within(dialog).getByText('Phone number is required')).toBeVisible();
    expect(field('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('First Name')).toHaveAccessibleDescription('First name is required');

    await user.type(field('First Name'), 'Dana');
    await user.type(field('Last Name'), 'Reyes');
    await user.type(field('Email'), 'dana@example');
    await user.type(field('Phone Number'), '555-01');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Email must be a valid email address')).toBeVisible();
    expect(within(dialog).getByText('Phone number must be a 10-digit US number')).toBeVisible();
    expect(within(dialog).queryByText('First name is required')).not.toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the parsed contact details and an empty honeypot', async () => {
    const user = userEvent.setup();
    const { dialog, field, submit } = renderDialog();

    await user.type(field('First Name'), '  Dana ');
    await user.type(field('Last Name'), 'Reyes');
    await user.type(field('Email'), 'dana@example.com');
    await user.type(field('Phone Number'), '+1 512.555.0100');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Thank you!')).toBeVisible();
    expect(submit).toHaveBeenCalledWith(
      { firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', phone: '5125550100' },
      '',
      expect.any(Function),
      false,
    );
  });

  it("offers an unticked box for texts with the domain's wording, and sends whether it was ticked", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => RECEIPT);
    renderWithProviders(
      <QuoteDialog
        open
        offerTextConsent
        onClose={vi.fn()}
        submit={submit}
        closeDelayMs={3000}
        onDone={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Get Your Exact Quote' });
    const consent = within(dialog).getByRole('checkbox', { name: TEXT_CONSENT_WORDING });
    expect(consent).not.toBeChecked();
    expect(consent).not.toBeRequired();

    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Dana');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Reyes');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '5125550100');
    await user.click(consent);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText('Thank you!')).toBeVisible();
    expect(submit).toHaveBeenCalledWith(expect.any(Object), '', expect.any(Function), true);
  });

  it('offers no box for texts unless asked (main site, demo)', () => {
    const { dialog } = renderDialog();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('in the landing demo, says the request goes to no one, before and after sending', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => RECEIPT);
    renderWithProviders(
      <QuoteDialog
        open
        demo
        onClose={vi.fn()}
        submit={submit}
        closeDelayMs={3000}
        onDone={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Get Your Exact Quote' });
    expect(dialog).toHaveTextContent(
      'This is a demo: what you enter here is not saved and no roofer will contact you.',
    );
    expect(within(dialog).getByRole('link', { name: 'Get a real quote' })).toHaveAttribute(
      'href',
      '/widget',
    );

    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Dana');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Reyes');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '5125550100');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Nothing was sent: this was a demo.',
    );
    expect(dialog).not.toHaveTextContent('A roofing professional will contact you shortly');
  });

  it('keeps the honeypot out of sight, out of the tab order and away from autofill', () => {
    const { dialog } = renderDialog();
    const honeypot = dialog.querySelector<HTMLInputElement>('input[name="website"]');

    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });

  it('Cancel closes the dialog', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
