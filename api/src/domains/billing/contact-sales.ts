// POST /api/contact-sales: a signed-in user's enquiry about the Business plan, kept and mailed to SALES_EMAIL.
import * as v from 'valibot';
import { emailField, employeeCountField, nameField, salesCompanyField, salesMessageField } from '@kagami/shared/validation';
import { salesInquiries } from '../../db/schema';
import { mailTemplates } from '../../mail/templates';
import { currentUser, signedIn } from '../auth/guard';
import { documented, json } from '../../routing/operations';

const body = v.object({
  name: nameField,
  email: emailField,
  company: salesCompanyField,
  team_size: employeeCountField,
  message: salesMessageField,
});

/** Contact sales (Business): the request is kept, then mailed to SALES_EMAIL (the outbox without SMTP). */
export const contactSalesRoutes = signedIn((app, ctx) => {
  app.post(
    '/api/contact-sales',
    {
      schema: {
        ...documented({
          id: 'contactSales',
          tag: 'Billing',
          summary: 'Contact sales',
          description: 'Sends the enterprise enquiry form to the sales team.',
          answers: { 201: json('The enquiry is recorded and sent to sales.', v.object({ id: v.string() })) },
        }),
        body,
      },
    },
    async (request, reply) => {
      const { team_size: teamSize, ...rest } = request.body;
      const inquiry = { ...rest, teamSize };
      const [stored] = await ctx.db
        .insert(salesInquiries)
        .values({ ...inquiry, userId: currentUser(request).user.id })
        .returning({ id: salesInquiries.id });
      await ctx.mailer.send(mailTemplates.salesInquiry(ctx.config.salesEmail, inquiry));
      reply.status(201);
      return { id: stored!.id };
    },
  );
});
