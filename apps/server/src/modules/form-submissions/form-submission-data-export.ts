import { isAllowed } from '../../plugins/account-policy.ts';
import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';

function parsed(data: string): unknown {
  try {
    const value: unknown = JSON.parse(data);
    return value;
  } catch {
    return data;
  }
}

/**
 * Submitted forms with their receipt PDFs and attachments, in each mailbox where the person
 * may fill in forms (a viewer sees no submissions, as in the portal).
 */
export const formSubmissionExport: PersonalDataContributor = {
  name: 'form-submissions',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      if (!isAllowed(account.role, 'fill-in-forms')) continue;
      const submissions = await app.db
        .selectFrom('form_submissions')
        .select([
          'id',
          'form_id',
          'form_version',
          'provider_id',
          'reference',
          'data',
          'submitter_name',
          'submitter_email',
          'submitted_by_user_id',
          'status',
          'language',
          'created_at',
          'delivered_at',
        ])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      for (const submission of submissions) {
        const folder = `${account.name} (${account.id})/${submission.created_at.slice(0, 10)} ${submission.reference} (${submission.id})`;
        const documents = await app.db
          .selectFrom('form_submission_documents')
          .select(['position', 'kind', 'field', 'filename', 'content_type', 'size', 'storage_key'])
          .where('submission_id', '=', submission.id)
          .orderBy('position')
          .execute();
        await out.json(`${folder}/submission.json`, {
          ...submission,
          data: parsed(submission.data),
          documents: documents.map(({ storage_key: _key, ...document }) => ({
            ...document,
            file: `${document.position + 1}-${document.filename}`,
          })),
        });
        out.count('form_submissions');
        for (const document of documents) {
          await out.document(`${folder}/${document.position + 1}-${document.filename}`, {
            key: document.storage_key,
            size: Number(document.size),
          });
          out.count('form_submission_documents');
        }
      }
    }
  },
};
