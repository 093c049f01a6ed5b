import { fakeApi, screen } from '@kagami/shared/testing';
import { renderBilling } from '../components/render-billing';
import ContactSales from './contact-sales';

test('missing fields are named; a sent request is thanked with the address the reply goes to', async () => {
  const server = fakeApi({ 'POST /api/contact-sales': { status: 201, body: { id: 'inq_1' } } });
  const { user } = renderBilling(<ContactSales />, { profile: { companyName: 'Aoki Inc.' } });
  expect(screen.getByLabelText('Your name')).toHaveValue('Aoki');
  await user.click(screen.getByRole('button', { name: 'Send to sales' }));
  expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
  expect(server.calls).toHaveLength(0);

  await user.selectOptions(screen.getByLabelText('Team size'), '51-200');
  await user.type(screen.getByLabelText('What would you like to do with Kagami?'), 'Training videos in 12 languages.');
  await user.click(screen.getByRole('button', { name: 'Send to sales' }));
  expect(await screen.findByRole('dialog', { name: 'Thank you' })).toHaveTextContent(
    'Our sales team will reply to aoki@example.com within two business days.',
  );
  expect(server.calls[0]!.body).toEqual({
    name: 'Aoki',
    email: 'aoki@example.com',
    company: 'Aoki Inc.',
    team_size: '51-200',
    message: 'Training videos in 12 languages.',
  });
});

test('an answer from the server that the fields are wrong puts the message on the field', async () => {
  fakeApi({
    'POST /api/contact-sales': {
      status: 400,
      body: { code: 'validation_failed', fields: { email: { key: 'validation.email', params: {}, message: 'x' } } },
    },
  });
  const { user } = renderBilling(<ContactSales />, { profile: { companyName: 'Aoki Inc.', numberOfEmployees: '2-10' } });
  await user.type(screen.getByLabelText('What would you like to do with Kagami?'), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Send to sales' }));
  expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
  expect(screen.getByLabelText('What would you like to do with Kagami?')).toHaveValue('Hello');
});
