import { isEmailAddress } from '../email';
import {
  addMember,
  disableMember,
  enableMember,
  listMembers,
  MemberError,
  memberByEmail,
  newEnrolmentLink,
  resetMember,
  setManager,
} from '../store/members';
import { enrolmentUrl } from '../inbox/paths';
import { passkeysOf } from '../store/passkeys';
import { formatDateTime } from '../inbox/ui/format';
import { printable } from '../printable';
import { command, fail, say, withTool } from './cli';

/**
 * `npm run receiver:user -- add "Prénom Nom" adresse@exemple.fr`: the inbox's team members.
 * - add NAME EMAIL: a new member; prints their enrolment link (valid 15 minutes, single use) on a line of its own;
 * - list: every member, whether they are disabled or a manager, and each of their passkeys (device, added, last used);
 * - link EMAIL: a new enrolment link (a second device); older unused links stop working;
 * - reset EMAIL: a lost phone: every passkey of the member is removed, their sessions end at once, and a new
 *   link is printed;
 * - disable EMAIL: the member can no longer sign in, and their open sessions end at once;
 * - enable EMAIL: a disabled member may come back: their old passkeys are removed, a new link is printed;
 * - manager EMAIL / no-manager EMAIL: the member may (or may no longer) export every request as CSV.
 */
const usage = [
  'Usage :',
  '  npm run receiver:user -- add "Prénom Nom" adresse@exemple.fr',
  '  npm run receiver:user -- list',
  '  npm run receiver:user -- link adresse@exemple.fr',
  '  npm run receiver:user -- reset adresse@exemple.fr     (téléphone perdu : ses clés d’accès sont supprimées)',
  '  npm run receiver:user -- disable adresse@exemple.fr',
  '  npm run receiver:user -- enable adresse@exemple.fr',
  '  npm run receiver:user -- manager adresse@exemple.fr',
  '  npm run receiver:user -- no-manager adresse@exemple.fr',
].join('\n');

const expected: Record<string, number> = {
  add: 2,
  list: 0,
  link: 1,
  reset: 1,
  disable: 1,
  enable: 1,
  manager: 1,
  'no-manager': 1,
};

/** « 24 novembre 2026 à 9 h 05 », or « jamais » for a passkey never used to sign in. */
function when(iso: string | null): string {
  return iso === null ? 'jamais' : formatDateTime(new Date(iso));
}

export const main = command(async (argv, io) => {
  const [subcommand, ...args] = argv;
  if (subcommand === '--help' || subcommand === '-h' || subcommand === 'help') {
    say(io.stdout, usage);
    return;
  }
  if (subcommand === undefined || !(subcommand in expected)) fail(`Commande inconnue ou absente.\n\n${usage}`);
  if (args.length !== expected[subcommand]) fail(`Nombre d’arguments incorrect pour « ${subcommand} ».\n\n${usage}`);
  const email = subcommand === 'add' ? args[1]! : args[0];
  if (email !== undefined && !isEmailAddress(email)) fail(`« ${email} » n’est pas une adresse e-mail.\n\n${usage}`);
  if (subcommand === 'add' && (args[0]!.trim() === '' || args[0]!.length > 100)) {
    fail(`Indiquez le prénom et le nom (100 caractères au plus).\n\n${usage}`);
  }

  await withTool(io, async ({ config, db }) => {
    const now = Date.now();
    const printLink = (secret: string) => {
      say(io.stdout, 'Lien d’inscription (15 minutes, une seule fois), à ouvrir sur le téléphone de la personne :');
      say(io.stdout, enrolmentUrl(config.inboxUrl, secret));
    };
    try {
      if (subcommand === 'add') {
        const { member, secret } = await addMember(db, { name: args[0]!, email: email! }, now);
        say(io.stdout, printable(`${member.name} <${member.email}> ajouté(e) à l’équipe.`));
        printLink(secret);
      } else if (subcommand === 'list') {
        const members = await listMembers(db);
        if (members.length === 0) say(io.stdout, 'Aucun membre dans l’équipe.');
        for (const member of members) {
          const state =
            member.disabledAt === null
              ? `actif${member.manager ? ', responsable (export CSV)' : ''}`
              : `désactivé le ${member.disabledAt.slice(0, 10)}`;
          say(io.stdout, printable(`${member.name} <${member.email}> : ${member.passkeys} clé(s) d’accès, ${state}`));
          for (const passkey of await passkeysOf(db, member.id)) {
            say(
              io.stdout,
              printable(
                `  - ${passkey.name}, ajoutée le ${when(passkey.createdAt)}, dernière connexion : ${when(passkey.lastUsedAt)}`,
              ),
            );
          }
        }
      } else {
        const member = await memberByEmail(db, email!);
        if (!member) throw new MemberError(`Aucun membre de l’équipe n’a l’adresse ${email}.`);
        if (member.disabledAt !== null && subcommand === 'link') {
          throw new MemberError(
            `${member.email} est désactivé(e) : aucun lien ne lui est donné (« enable » lui rouvre l’accès).`,
          );
        }
        if (subcommand === 'link') {
          printLink(await newEnrolmentLink(db, member.id, now));
        } else if (subcommand === 'manager' || subcommand === 'no-manager') {
          if (member.disabledAt !== null) throw new MemberError(`${member.email} est désactivé(e).`);
          await setManager(db, member.id, subcommand === 'manager', now);
          say(
            io.stdout,
            printable(
              subcommand === 'manager'
                ? `${member.name} <${member.email}> est responsable : il ou elle peut exporter toutes les demandes (CSV).`
                : `${member.name} <${member.email}> n’est plus responsable : plus d’export CSV.`,
            ),
          );
        } else if (subcommand === 'reset') {
          const secret = await resetMember(db, member, now);
          say(
            io.stdout,
            printable(
              `${member.name} <${member.email}> : ${member.passkeys} clé(s) d’accès supprimée(s), sessions fermées.`,
            ),
          );
          printLink(secret);
        } else if (subcommand === 'enable') {
          const secret = await enableMember(db, member, now);
          say(
            io.stdout,
            printable(
              `${member.name} <${member.email}> est réactivé(e) : ses anciennes clés d’accès sont supprimées, une nouvelle est à créer avec ce lien.`,
            ),
          );
          printLink(secret);
        } else {
          await disableMember(db, member.id, now);
          say(io.stdout, printable(`${member.name} <${member.email}> est désactivé(e) : ses sessions sont fermées.`));
        }
      }
    } catch (error) {
      if (error instanceof MemberError) fail(error.message);
      throw error;
    }
  });
});
