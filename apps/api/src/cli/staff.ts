/**
 * `npm run staff -- add-admin --email <email> --name <name>`: adds an administrator from the server's
 * shell and prints the one-time link with which they choose their own password (give it to them
 * yourself; it is not e-mailed). `npm run staff -- link --email <email>` prints a new link for an
 * existing account. See SECURITY.md, "Staff account control", for why this is the operator's.
 */
import { parseArgs } from 'node:util';
import { addStaffBodySchema } from '@ekyc/contracts/calls/backoffice-staff';
import { createDeps } from '../app-deps.ts';
import { loadConfig } from '../config.ts';
import { OperatorError, operatorAddAdmin, operatorNewLink } from '../modules/backoffice/operator-staff.ts';

const USAGE = 'Usage: npm run staff -- add-admin --email <email> --name <name> | link --email <email>';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string' } },
});
const command = positionals[0];
const fields = addStaffBodySchema.pick({ email: true, name: true });
const adding = command === 'add-admin' ? fields.safeParse({ email: values.email, name: values.name }) : null;
const linking = command === 'link' ? fields.pick({ email: true }).safeParse({ email: values.email }) : null;
const parsed = adding ?? linking;
if (!parsed?.success) {
  console.error(parsed ? parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n') : USAGE);
  process.exit(2);
}

const deps = await createDeps(loadConfig());
try {
  const email = parsed.data.email;
  const link = adding?.success ? await operatorAddAdmin(deps, adding.data) : await operatorNewLink(deps, email);
  console.log(
    `Give this link to ${email} in person or over a channel you trust. It works once, for ${deps.config.staffInvitationHours} hours:\n${link}`,
  );
} catch (error) {
  if (!(error instanceof OperatorError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await deps.hub.close();
  await deps.database.close();
}
