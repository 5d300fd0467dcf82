import { isEmailAddress } from '../src/email';
import {
  addMember,
  disableMember,
  enrolmentUrl,
  listMembers,
  MemberError,
  memberByEmail,
  newEnrolmentLink,
} from '../src/inbox/members';
import { printable } from '../src/printable';
import { fail, openTool } from './cli';

/**
 * `npm run receiver:user -- add "Prénom Nom" adresse@exemple.fr`: the inbox's team members.
 * - add NAME EMAIL: a new member; prints their enrolment link (valid 15 minutes, single use) on a line of its own;
 * - list: every member, their passkeys, whether they are disabled;
 * - link EMAIL: a new enrolment link (lost phone, second device); older unused links stop working;
 * - disable EMAIL: the member can no longer sign in, and their open sessions end at once.
 */
const usage = [
  'Usage :',
  '  npm run receiver:user -- add "Prénom Nom" adresse@exemple.fr',
  '  npm run receiver:user -- list',
  '  npm run receiver:user -- link adresse@exemple.fr',
  '  npm run receiver:user -- disable adresse@exemple.fr',
].join('\n');

const [command, ...args] = process.argv.slice(2);
if (command === '--help' || command === '-h' || command === 'help') {
  console.log(usage);
  process.exit(0);
}
const expected: Record<string, number> = { add: 2, list: 0, link: 1, disable: 1 };
if (command === undefined || !(command in expected)) fail(`Commande inconnue ou absente.\n\n${usage}`);
if (args.length !== expected[command]) fail(`Nombre d’arguments incorrect pour « ${command} ».\n\n${usage}`);
const email = command === 'add' ? args[1]! : args[0];
if (email !== undefined && !isEmailAddress(email)) fail(`« ${email} » n’est pas une adresse e-mail.\n\n${usage}`);
if (command === 'add' && (args[0]!.trim() === '' || args[0]!.length > 100)) {
  fail(`Indiquez le prénom et le nom (100 caractères au plus).\n\n${usage}`);
}

const { config, db } = await openTool();
const now = Date.now();
const linkLines = (secret: string) => [
  'Lien d’inscription (15 minutes, une seule fois), à ouvrir sur le téléphone de la personne :',
  enrolmentUrl(config.inboxUrl, secret),
];

try {
  if (command === 'add') {
    const { member, secret } = await addMember(db, { name: args[0]!, email: email! }, now);
    console.log(printable(`${member.name} <${member.email}> ajouté(e) à l’équipe.`));
    for (const line of linkLines(secret)) console.log(line);
  } else if (command === 'list') {
    const members = await listMembers(db);
    if (members.length === 0) console.log('Aucun membre dans l’équipe.');
    for (const member of members) {
      const state = member.disabledAt === null ? 'actif' : `désactivé le ${member.disabledAt.slice(0, 10)}`;
      console.log(printable(`${member.name} <${member.email}> : ${member.passkeys} clé(s) d’accès, ${state}`));
    }
  } else {
    const member = await memberByEmail(db, email!);
    if (!member) throw new MemberError(`Aucun membre de l’équipe n’a l’adresse ${email}.`);
    if (member.disabledAt !== null && command === 'link') {
      throw new MemberError(`${member.email} est désactivé(e) : aucun lien ne lui est donné.`);
    }
    if (command === 'link') {
      for (const line of linkLines(await newEnrolmentLink(db, member.id, now))) console.log(line);
    } else {
      await disableMember(db, member.id, now);
      console.log(printable(`${member.name} <${member.email}> est désactivé(e) : ses sessions sont fermées.`));
    }
  }
} catch (error) {
  db.close();
  if (error instanceof MemberError) fail(error.message);
  throw error;
}
db.close();
