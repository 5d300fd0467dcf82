/**
 * The schema, numbered: migration N brings a database from version N-1 to N (PRAGMA user_version). A store
 * opens at the version it finds and applies the missing migrations in order (db.ts, Db.migrate), each in one
 * transaction with its new version number, so an upgrade either happens whole or not at all. Version 0 is a
 * new file, or a data folder written before the numbering (its tables match migration 1, hence IF NOT EXISTS
 * there). Never edit a migration that was released: add the next one at the end.
 */

/** A phone number's digits as the inbox's search compares them (whatever the spaces, dots or dashes). */
export const PHONE_DIGITS_SQL = "REPLACE(REPLACE(REPLACE(REPLACE(phone, ' ', ''), '.', ''), '-', ''), '\u00a0', '')";

export const MIGRATIONS: readonly (readonly string[])[] = [
  // 1: requests, their outbox, the health check's row.
  [
    `CREATE TABLE IF NOT EXISTS requests (
    id INTEGER PRIMARY KEY,
    reference TEXT NOT NULL UNIQUE,
    request_id TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    spam INTEGER NOT NULL DEFAULT 0,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL,
    phone TEXT NOT NULL,
    service_type TEXT NOT NULL,
    location TEXT NOT NULL,
    description TEXT NOT NULL,
    file_name TEXT,
    file_path TEXT UNIQUE,
    file_size INTEGER,
    file_type TEXT,
    file_sha256 TEXT
  )`,
    'CREATE INDEX IF NOT EXISTS requests_email_key ON requests (email_key)',
    'CREATE INDEX IF NOT EXISTS requests_created_at ON requests (created_at)',
    `CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('company', 'visitor')),
    message_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    sent_at TEXT,
    UNIQUE (request_id, kind)
  )`,
    'CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at)',
    'CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL)',
  ],
  // 2: a mail is claimed before it is sent (a lease: the worker alone sends it until then); a request
  // keeps a hash of its content, so a replayed id with other content is told apart.
  [
    'ALTER TABLE outbox ADD COLUMN claimed_until INTEGER',
    'ALTER TABLE requests ADD COLUMN content_sha256 TEXT',
    'CREATE INDEX outbox_visitor ON outbox (kind, request_id)',
  ],
  // 3: the team's inbox (src/inbox/). Team members sign in with passkeys only: a member, their passkeys,
  // their single-use enrolment links and their server-side sessions (secrets stored as SHA-256 hashes,
  // never as they are). Each request gains its status (now requests/statuses.ts), the member it is assigned to,
  // who called back and when, and its call-back deadline; its history (status changes, notes,
  // assignments) is erased with it; the audit trail is append-only and never holds a visitor's data.
  [
    `CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    webauthn_user_id TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    disabled_at TEXT
  )`,
    `CREATE TABLE credentials (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    public_key BLOB NOT NULL,
    counter INTEGER NOT NULL DEFAULT 0,
    transports TEXT,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  )`,
    'CREATE INDEX credentials_user ON credentials (user_id)',
    `CREATE TABLE enrolments (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  )`,
    `CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  )`,
    'CREATE INDEX sessions_user ON sessions (user_id)',
    `ALTER TABLE requests ADD COLUMN status TEXT NOT NULL DEFAULT 'nouvelle'
    CHECK (status IN ('nouvelle', 'rappelee', 'devis_envoye', 'acceptee', 'refusee', 'sans_suite', 'indesirable'))`,
    'ALTER TABLE requests ADD COLUMN status_reason TEXT',
    'ALTER TABLE requests ADD COLUMN assignee_id INTEGER REFERENCES users (id) ON DELETE SET NULL',
    'ALTER TABLE requests ADD COLUMN called_back_at TEXT',
    'ALTER TABLE requests ADD COLUMN called_back_by INTEGER REFERENCES users (id) ON DELETE SET NULL',
    'ALTER TABLE requests ADD COLUMN deadline_at TEXT',
    'CREATE INDEX requests_open ON requests (spam, status, deadline_at)',
    `CREATE TABLE request_events (
    id INTEGER PRIMARY KEY,
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'not_spam', 'reminder')),
    status TEXT,
    detail TEXT
  )`,
    'CREATE INDEX request_events_request ON request_events (request_id, at)',
    `CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    reference TEXT,
    detail TEXT
  )`,
    `CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END`,
    `CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END`,
  ],
  // 4: the team's reminders go through the outbox (delivery/reminders.ts): a reminder before a request's
  // deadline, a late mail at it (each at most once per request: UNIQUE (request_id, kind)), and a digest
  // belonging to no request (at most one per Paris day: digest_day UNIQUE). A mail no longer needed when
  // its turn comes (the request was called back) is 'cancelled'; queued_at dates a row for its give-up
  // delay. SQLite cannot change a CHECK or a NOT NULL: the table is rebuilt (new table, copy, drop,
  // rename, indexes), which nothing else references. Requests stored from now on get their deadline and
  // their reminders (reminders = 1); older ones get a deadline at start and appear in the digest only.
  // The inbox's list (store/inbox-list.ts) gets its indexes.
  [
    `CREATE TABLE outbox_new (
    id INTEGER PRIMARY KEY,
    request_id INTEGER REFERENCES requests (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('company', 'visitor', 'reminder', 'late', 'digest')),
    message_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    sent_at TEXT,
    claimed_until INTEGER,
    digest_day TEXT UNIQUE,
    queued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (request_id, kind),
    CHECK (CASE WHEN kind = 'digest' THEN request_id IS NULL AND digest_day IS NOT NULL
           ELSE request_id IS NOT NULL AND digest_day IS NULL END)
  )`,
    `INSERT INTO outbox_new (id, request_id, kind, message_id, status, attempts, next_attempt_at, last_error, sent_at,
      claimed_until, queued_at)
    SELECT o.id, o.request_id, o.kind, o.message_id, o.status, o.attempts, o.next_attempt_at, o.last_error, o.sent_at,
      o.claimed_until, r.created_at
    FROM outbox o JOIN requests r ON r.id = o.request_id`,
    'DROP TABLE outbox',
    'ALTER TABLE outbox_new RENAME TO outbox',
    'CREATE INDEX outbox_due ON outbox (status, next_attempt_at)',
    'CREATE INDEX outbox_visitor ON outbox (kind, request_id)',
    'ALTER TABLE requests ADD COLUMN reminders INTEGER NOT NULL DEFAULT 0 CHECK (reminders IN (0, 1))',
    // Covers the list's columns (store/inbox-list.ts), and a phone number's digits as its search compares
    // them: a search or a sort reads this small index, never every request's description.
    `CREATE INDEX requests_inbox ON requests (spam, status, deadline_at, created_at, service_type, location, reference,
    first_name, last_name, email, phone, ${PHONE_DIGITS_SQL})`,
  ],
  // 5: the outbox's faults, and the confirmations' cap per mailbox. maybe_delivered counts the sends that
  // ended with a drop or a time-out after the final dot (the relay may have delivered); without_file marks a company mail that the relay refused for
  // its size, sent again without its attachment; claimed_by is the process id of the worker holding a claim,
  // so that a receiver starting beside a live one (its lock file deleted) does not clear that one's claims.
  [
    'ALTER TABLE outbox ADD COLUMN maybe_delivered INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE outbox ADD COLUMN without_file INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE outbox ADD COLUMN claimed_by INTEGER',
    // The mailbox an address reaches (email.ts mailboxKey): the cap of confirmations counts per mailbox.
    'ALTER TABLE requests ADD COLUMN mailbox_key TEXT',
    'CREATE INDEX requests_mailbox_key ON requests (mailbox_key, created_at)',
  ],
  // 6: a request's statuses and the outbox's mail kinds become tables of allowed values, referred to by a
  // foreign key, instead of CHECK constraints that SQLite cannot change: from now on a new status or mail
  // kind is one INSERT in a new migration, never a table rebuild. SQLite cannot add a foreign key either,
  // but a constraint is only text in the schema, checked on writes, not part of the file's format: the
  // schema's text is rewritten in place (SQLite's documented procedure for such changes, « Making Other
  // Kinds Of Table Schema Changes »), the CHECK replaced by REFERENCES. The guard row aborts the migration
  // if the text was not the one migrations 3 and 4 wrote. The CREATE TABLEs of the same transaction change
  // the schema's version, so that every other connection reads the new text; Db reopens its own after
  // migrating. The outbox's index outbox_visitor (kind, request_id) serves the foreign key's lookups.
  [
    'CREATE TABLE statuses (key TEXT PRIMARY KEY) WITHOUT ROWID',
    `INSERT INTO statuses (key) VALUES ('nouvelle'), ('rappelee'), ('devis_envoye'), ('acceptee'), ('refusee'),
    ('sans_suite'), ('indesirable')`,
    'CREATE TABLE mail_kinds (key TEXT PRIMARY KEY) WITHOUT ROWID',
    "INSERT INTO mail_kinds (key) VALUES ('company'), ('visitor'), ('reminder'), ('late'), ('digest')",
    'PRAGMA writable_schema = ON',
    `UPDATE sqlite_schema SET sql = replace(sql,
    'CHECK (status IN (''nouvelle'', ''rappelee'', ''devis_envoye'', ''acceptee'', ''refusee'', ''sans_suite'', ''indesirable''))',
    'REFERENCES statuses (key)') WHERE type = 'table' AND name = 'requests'`,
    `UPDATE sqlite_schema SET sql = replace(sql,
    'CHECK (kind IN (''company'', ''visitor'', ''reminder'', ''late'', ''digest''))',
    'REFERENCES mail_kinds (key)') WHERE type = 'table' AND name = 'outbox'`,
    'PRAGMA writable_schema = OFF',
    `CREATE TEMP TABLE migration_guard (rewritten INTEGER NOT NULL CHECK (rewritten = 2))`,
    `INSERT INTO migration_guard (rewritten) SELECT COUNT(*) FROM sqlite_schema
    WHERE (name = 'requests' AND sql LIKE '%REFERENCES statuses (key)%' AND sql NOT LIKE '%CHECK (status IN%')
       OR (name = 'outbox' AND sql LIKE '%REFERENCES mail_kinds (key)%' AND sql NOT LIKE '%CHECK (kind IN%')`,
    'DROP TABLE temp.migration_guard',
  ],
  // 7: the inbox's staff data has a retention (store/staff-retention.ts). The audit trail stays append-only
  // for every statement but the daily purge's: a row may be deleted only when it is older than the cutoff
  // the purge writes in audit_cutoff in the same transaction, and that cutoff is never less than six
  // months ago; a row may change only to lose an erased request's reference, or to put an erased member's
  // neutral label in place of their name. An erased member keeps their row (the history points at it)
  // under that label, with erased_at. Managers get their flag.
  [
    'CREATE TABLE audit_cutoff (id INTEGER PRIMARY KEY CHECK (id = 1), before TEXT NOT NULL)',
    `CREATE TRIGGER audit_cutoff_insert BEFORE INSERT ON audit_cutoff
    WHEN new.before > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-6 months')
    BEGIN SELECT RAISE(ABORT, 'audit rows are kept six months at least'); END`,
    `CREATE TRIGGER audit_cutoff_update BEFORE UPDATE ON audit_cutoff
    WHEN new.before > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-6 months')
    BEGIN SELECT RAISE(ABORT, 'audit rows are kept six months at least'); END`,
    'DROP TRIGGER audit_no_update',
    'DROP TRIGGER audit_no_delete',
    `CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
    WHEN old.at >= COALESCE((SELECT before FROM audit_cutoff WHERE id = 1), '')
    BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END`,
    `CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
    WHEN new.id IS NOT old.id OR new.at IS NOT old.at OR new.user_id IS NOT old.user_id OR new.action IS NOT old.action
      OR (new.reference IS NOT old.reference AND new.reference IS NOT NULL)
      OR (new.detail IS NOT old.detail AND (new.detail IS NULL OR new.detail NOT GLOB 'Ancien membre n°?[0-9]*'))
    BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END`,
    'ALTER TABLE users ADD COLUMN erased_at TEXT',
    // The members the owner marks as managers (`receiver:user -- manager`): they alone export every request.
    'ALTER TABLE users ADD COLUMN manager INTEGER NOT NULL DEFAULT 0 CHECK (manager IN (0, 1))',
    'CREATE INDEX audit_at ON audit (at)',
    'CREATE INDEX audit_reference ON audit (reference)',
  ],
  // 8: a member's passkeys and sessions, for « Mes appareils » and re-authentication (inbox/passkeys.ts,
  // inbox/sessions.ts): each passkey gets the device's name (from the browser that created it), each
  // session the time of its member's last passkey ceremony (sign-in, or a confirmation before adding a
  // device; older sessions have none and must confirm).
  ['ALTER TABLE credentials ADD COLUMN name TEXT', 'ALTER TABLE sessions ADD COLUMN ceremony_at INTEGER'],
  // 9: a mail may be about a member (the e-mail announcing a new passkey), not only a request or a day.
  // Each kind says what it is about in mail_kinds.about (requests/mail-kinds.ts's `about`), and a trigger,
  // not a CHECK, holds that an outbox row names exactly that subject: a later subject (a new column) is a
  // DROP and CREATE of the two triggers, never a table rebuild. The CHECK migration 4 wrote is taken out of
  // the schema's text in place, as migration 6 did, under the same kind of guard. member_id is the
  // member a mail is about, detail what it says of them (the device's name).
  [
    "ALTER TABLE mail_kinds ADD COLUMN about TEXT NOT NULL DEFAULT 'request'",
    "UPDATE mail_kinds SET about = 'day' WHERE key = 'digest'",
    "INSERT INTO mail_kinds (key, about) VALUES ('passkey', 'member')",
    'ALTER TABLE outbox ADD COLUMN member_id INTEGER REFERENCES users (id)',
    'ALTER TABLE outbox ADD COLUMN detail TEXT',
    'CREATE INDEX outbox_member ON outbox (member_id)',
    'PRAGMA writable_schema = ON',
    `UPDATE sqlite_schema SET sql = replace(sql, ',
    CHECK (CASE WHEN kind = ''digest'' THEN request_id IS NULL AND digest_day IS NOT NULL
           ELSE request_id IS NOT NULL AND digest_day IS NULL END)', '') WHERE type = 'table' AND name = 'outbox'`,
    'PRAGMA writable_schema = OFF',
    `CREATE TEMP TABLE migration_guard (rewritten INTEGER NOT NULL CHECK (rewritten = 1))`,
    `INSERT INTO migration_guard (rewritten) SELECT COUNT(*) FROM sqlite_schema
    WHERE name = 'outbox' AND sql NOT LIKE '%CASE WHEN kind%' AND sql LIKE '%UNIQUE (request_id, kind)%'`,
    'DROP TABLE temp.migration_guard',
    ...outboxSubjectTriggers(['request_id', 'digest_day', 'member_id'], {
      request: 'request_id',
      day: 'digest_day',
      member: 'member_id',
    }),
  ],
  // 10: the devis (store/devis-queries.ts, docs/devis.md). A devis belongs to a request; while a draft its content
  // is JSON the team edits (draft). Sending freezes a version: its content as JSON with its SHA-256, the
  // hash of the client's link secret (the secret itself is never stored), its validity, its total TTC, and
  // columns for its PDF and the PDF's SHA-256 (filled once, by the documents). A change after sending is a
  // new draft, sent as the next version; the one it replaces gets replaced_at/replaced_by. Nothing frozen
  // can change (triggers). The number is given at the first sending, in the same transaction as the
  // version, from a counter per year that moves by one only, and must be that counter's new value: no gap,
  // never reused, never changed. The record of events is append-only: no update, and no delete while its
  // devis exists. Statuses and event kinds are tables of allowed values (as migration 6). An accepted devis
  // of 120 € TTC or more has a retain_until ten years on: deleting it (and so erasing its request) is
  // refused until then (C. conso. L. 213-1, RGPD art. 17-3).
  [
    'CREATE TABLE devis_statuses (key TEXT PRIMARY KEY) WITHOUT ROWID',
    `INSERT INTO devis_statuses (key) VALUES ('brouillon'), ('envoye'), ('vu'), ('accepte'), ('refuse'), ('expire'),
    ('retracte')`,
    'CREATE TABLE devis_event_kinds (key TEXT PRIMARY KEY) WITHOUT ROWID',
    `INSERT INTO devis_event_kinds (key) VALUES ('sent'), ('opened'), ('code_sent'), ('code_confirmed'), ('accepted'),
    ('refused'), ('withdrawn')`,
    'CREATE TABLE devis_counters (year INTEGER PRIMARY KEY, last INTEGER NOT NULL CHECK (last >= 1))',
    `CREATE TRIGGER devis_counters_from_one BEFORE INSERT ON devis_counters WHEN new.last IS NOT 1
    BEGIN SELECT RAISE(ABORT, 'a devis counter starts at one'); END`,
    `CREATE TRIGGER devis_counters_by_one BEFORE UPDATE ON devis_counters
    WHEN new.year IS NOT old.year OR new.last IS NOT old.last + 1
    BEGIN SELECT RAISE(ABORT, 'a devis counter moves by one'); END`,
    `CREATE TRIGGER devis_counters_kept BEFORE DELETE ON devis_counters
    BEGIN SELECT RAISE(ABORT, 'a devis counter is never deleted'); END`,
    `CREATE TABLE devis (
    id INTEGER PRIMARY KEY,
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    status TEXT NOT NULL DEFAULT 'brouillon' REFERENCES devis_statuses (key),
    created_at TEXT NOT NULL,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    updated_at TEXT NOT NULL,
    draft TEXT,
    number TEXT UNIQUE,
    number_year INTEGER,
    number_rank INTEGER,
    current_version INTEGER NOT NULL DEFAULT 0,
    retain_until TEXT,
    UNIQUE (number_year, number_rank),
    CHECK ((number IS NULL) = (number_year IS NULL) AND (number IS NULL) = (number_rank IS NULL))
  )`,
    'CREATE INDEX devis_request ON devis (request_id)',
    'CREATE INDEX devis_status ON devis (status, updated_at)',
    `CREATE TRIGGER devis_number_kept BEFORE UPDATE OF number, number_year, number_rank ON devis
    WHEN old.number IS NOT NULL AND (new.number IS NOT old.number OR new.number_year IS NOT old.number_year
      OR new.number_rank IS NOT old.number_rank)
    BEGIN SELECT RAISE(ABORT, 'a devis number is never changed'); END`,
    `CREATE TRIGGER devis_number_in_order BEFORE UPDATE OF number_rank ON devis
    WHEN old.number IS NULL AND new.number_rank IS NOT (SELECT last FROM devis_counters WHERE year = new.number_year)
    BEGIN SELECT RAISE(ABORT, 'devis number out of order'); END`,
    `CREATE TRIGGER devis_number_on_insert BEFORE INSERT ON devis WHEN new.number IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'a devis gets its number when first sent'); END`,
    `CREATE TRIGGER devis_kept BEFORE DELETE ON devis
    WHEN old.retain_until IS NOT NULL AND old.retain_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    BEGIN SELECT RAISE(ABORT, 'an accepted devis is kept ten years (C. conso. L. 213-1)'); END`,
    `CREATE TABLE devis_versions (
    id INTEGER PRIMARY KEY,
    devis_id INTEGER NOT NULL REFERENCES devis (id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    sent_at TEXT NOT NULL,
    sent_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    content TEXT NOT NULL,
    content_sha256 TEXT NOT NULL,
    link_hash TEXT NOT NULL UNIQUE,
    valid_until TEXT NOT NULL,
    total_ttc_cents INTEGER NOT NULL,
    pdf BLOB,
    pdf_sha256 TEXT,
    replaced_at TEXT,
    replaced_by INTEGER,
    UNIQUE (devis_id, version),
    CHECK ((pdf IS NULL) = (pdf_sha256 IS NULL))
  )`,
    `CREATE TRIGGER devis_versions_frozen BEFORE UPDATE ON devis_versions
    WHEN new.id IS NOT old.id OR new.devis_id IS NOT old.devis_id OR new.version IS NOT old.version
      OR new.sent_at IS NOT old.sent_at OR new.content IS NOT old.content OR new.content_sha256 IS NOT old.content_sha256
      OR new.link_hash IS NOT old.link_hash OR new.valid_until IS NOT old.valid_until
      OR new.total_ttc_cents IS NOT old.total_ttc_cents
      OR (old.pdf IS NOT NULL AND (new.pdf IS NOT old.pdf OR new.pdf_sha256 IS NOT old.pdf_sha256))
      OR (old.replaced_at IS NOT NULL AND (new.replaced_at IS NOT old.replaced_at OR new.replaced_by IS NOT old.replaced_by))
      OR (new.sent_by IS NOT old.sent_by AND new.sent_by IS NOT NULL)
    BEGIN SELECT RAISE(ABORT, 'a sent devis version is frozen'); END`,
    `CREATE TRIGGER devis_versions_kept BEFORE DELETE ON devis_versions
    WHEN EXISTS (SELECT 1 FROM devis WHERE id = old.devis_id)
    BEGIN SELECT RAISE(ABORT, 'a sent devis version is kept with its devis'); END`,
    `CREATE TABLE devis_events (
    id INTEGER PRIMARY KEY,
    devis_id INTEGER NOT NULL REFERENCES devis (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    kind TEXT NOT NULL REFERENCES devis_event_kinds (key),
    at TEXT NOT NULL,
    ip TEXT,
    user_agent TEXT,
    user_id INTEGER,
    detail TEXT
  )`,
    'CREATE INDEX devis_events_devis ON devis_events (devis_id, at)',
    `CREATE TRIGGER devis_events_no_update BEFORE UPDATE ON devis_events
    BEGIN SELECT RAISE(ABORT, 'the devis record is append-only'); END`,
    `CREATE TRIGGER devis_events_no_delete BEFORE DELETE ON devis_events
    WHEN EXISTS (SELECT 1 FROM devis WHERE id = old.devis_id)
    BEGIN SELECT RAISE(ABORT, 'the devis record is append-only'); END`,
  ],
  // 11: termination requests (« Résilier un contrat », C. conso. L. 215-1-1; intake/store-termination.ts),
  // kept apart from quote requests: their own reference (R-…), the contract they end, its effective date,
  // and when and by whom the team handled it. The kinds of contract are a table of allowed values (a spam
  // row keeps none). Their two mails go through the outbox about a fourth subject, the termination
  // (termination_id, deleted with it): their kinds say so in mail_kinds.about, and the two triggers of
  // migration 9 are written again with that column.
  [
    'CREATE TABLE termination_contract_types (key TEXT PRIMARY KEY) WITHOUT ROWID',
    "INSERT INTO termination_contract_types (key) VALUES ('maintenance'), ('devis')",
    `CREATE TABLE terminations (
    id INTEGER PRIMARY KEY,
    reference TEXT NOT NULL UNIQUE,
    request_id TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
    last_name TEXT NOT NULL,
    first_name TEXT NOT NULL,
    company TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL,
    email_key TEXT NOT NULL,
    mailbox_key TEXT NOT NULL,
    contract_type TEXT REFERENCES termination_contract_types (key),
    contract_reference TEXT NOT NULL,
    contract_start TEXT,
    desired_date TEXT,
    effective_date TEXT,
    reason TEXT NOT NULL DEFAULT '',
    content_sha256 TEXT,
    handled_at TEXT,
    handled_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    CHECK (spam = 1 OR (contract_type IS NOT NULL AND effective_date IS NOT NULL))
  )`,
    'CREATE INDEX terminations_email_key ON terminations (email_key)',
    'CREATE INDEX terminations_mailbox_key ON terminations (mailbox_key, created_at)',
    'CREATE INDEX terminations_list ON terminations (spam, handled_at, created_at)',
    'ALTER TABLE outbox ADD COLUMN termination_id INTEGER REFERENCES terminations (id) ON DELETE CASCADE',
    'CREATE UNIQUE INDEX outbox_termination ON outbox (termination_id, kind)',
    `INSERT INTO mail_kinds (key, about) VALUES ('termination_company', 'termination'),
    ('termination_client', 'termination')`,
    'DROP TRIGGER outbox_subject_insert',
    'DROP TRIGGER outbox_subject_update',
    ...outboxSubjectTriggers(['request_id', 'digest_day', 'member_id', 'termination_id'], {
      request: 'request_id',
      day: 'digest_day',
      member: 'member_id',
      termination: 'termination_id',
    }),
  ],
  // 12: the devis's mails go through the outbox about a fifth subject, a sent version of a devis
  // (devis_version_id, deleted with it, so with its request). One mail of a kind per version, or per
  // version and detail where a kind is sent more than once (a code, for instance: its detail tells them
  // apart). The request's columns reach the builder through the devis (delivery/outbox.ts).
  [
    'ALTER TABLE outbox ADD COLUMN devis_version_id INTEGER REFERENCES devis_versions (id) ON DELETE CASCADE',
    "CREATE UNIQUE INDEX outbox_devis ON outbox (devis_version_id, kind, ifnull(detail, '')) WHERE devis_version_id IS NOT NULL",
    'DROP TRIGGER outbox_subject_insert',
    'DROP TRIGGER outbox_subject_update',
    ...outboxSubjectTriggers(['request_id', 'digest_day', 'member_id', 'termination_id', 'devis_version_id'], {
      request: 'request_id',
      day: 'digest_day',
      member: 'member_id',
      termination: 'termination_id',
      devis: 'devis_version_id',
    }),
  ],
  // 13: the mail that sends a devis to its client (devis_sent, about a sent version). It carries the
  // client's link, whose secret the store never keeps: the sending writes it in the mail's outbox row
  // (link_secret), and a trigger forgets it as soon as the row is no longer pending (sent, failed or
  // cancelled), so the secret lives in the database only while its mail waits to leave.
  [
    'ALTER TABLE outbox ADD COLUMN link_secret TEXT',
    "INSERT INTO mail_kinds (key, about) VALUES ('devis_sent', 'devis')",
    `CREATE TRIGGER outbox_link_secret_forgotten AFTER UPDATE OF status ON outbox
    WHEN new.status IS NOT 'pending' AND new.link_secret IS NOT NULL
    BEGIN UPDATE outbox SET link_secret = NULL WHERE id = new.id; END`,
  ],
  // 14: the team's three reminders about a sent devis (requests/devis/reminders.ts), each about a sent
  // version.
  [
    `INSERT INTO mail_kinds (key, about) VALUES ('devis_not_opened', 'devis'), ('devis_not_answered', 'devis'),
    ('devis_expiring', 'devis')`,
  ],
  // 15: the client's answer on the devis's page (receiver/src/client/, docs/devis.md « Les étapes du client »).
  // A code row per code asked: the name typed and the early-start choice it confirms, its salted SHA-256,
  // its tries and expiry; the plain code only while its mail may still need it (cleared once used, dead,
  // replaced or expired). Its mail (devis_code) names the row in outbox.detail. The six mail kinds.
  [
    `CREATE TABLE devis_codes (
    id INTEGER PRIMARY KEY,
    devis_id INTEGER NOT NULL REFERENCES devis (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    code TEXT,
    salt TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    used_at TEXT,
    signer_name TEXT NOT NULL,
    early_start INTEGER NOT NULL CHECK (early_start IN (0, 1)),
    ip TEXT,
    user_agent TEXT
  )`,
    'CREATE INDEX devis_codes_version ON devis_codes (devis_id, version, created_at)',
    `INSERT INTO mail_kinds (key, about) VALUES ('devis_code', 'devis'), ('devis_accepted_client', 'devis'),
      ('devis_accepted_company', 'devis'), ('devis_refused_company', 'devis'), ('devis_withdrawn_client', 'devis'),
      ('devis_withdrawn_company', 'devis')`,
  ],
  // 16: « Relancer le client » (store/devis-reminder.ts, docs/devis.md). The link given at sending is kept only
  // as its hash, so the reminder mail carries a new link to the same version: the version's further links, by
  // their SHA-256 (UNIQUE, the client's page looks a link up by it), who made them and when; never changed,
  // deleted with their version. The reminder is an event of the record (client_reminded, with the member)
  // and a mail about the version (devis_reminder_client: one per version, outbox_devis; its row carries the
  // new secret while pending, as migration 13 does for the sending's).
  [
    `CREATE TABLE devis_links (
    id INTEGER PRIMARY KEY,
    version_id INTEGER NOT NULL REFERENCES devis_versions (id) ON DELETE CASCADE,
    link_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL
  )`,
    'CREATE INDEX devis_links_version ON devis_links (version_id)',
    `CREATE TRIGGER devis_links_frozen BEFORE UPDATE ON devis_links
    WHEN new.id IS NOT old.id OR new.version_id IS NOT old.version_id OR new.link_hash IS NOT old.link_hash
      OR new.created_at IS NOT old.created_at OR (new.created_by IS NOT old.created_by AND new.created_by IS NOT NULL)
    BEGIN SELECT RAISE(ABORT, 'a devis link never changes'); END`,
    "INSERT INTO devis_event_kinds (key) VALUES ('client_reminded')",
    "INSERT INTO mail_kinds (key, about) VALUES ('devis_reminder_client', 'devis')",
  ],
  // 17: after the acceptance (requests/devis/follow-up.ts, docs/devis.md « Après l'acceptation »). Two events the
  // team records once each on an accepted devis, with the member and the day in `detail`: the goods received by the
  // client (the withdrawal period starts then, L. 221-18) and the work fully done (L. 221-28, 1°); a unique index
  // holds the « once ». The payments received, in integer cents, by means from a table of allowed values, append-only
  // like the record, and kept with their devis.
  [
    "INSERT INTO devis_event_kinds (key) VALUES ('goods_received'), ('work_completed')",
    `CREATE UNIQUE INDEX devis_events_once ON devis_events (devis_id, kind)
    WHERE kind IN ('goods_received', 'work_completed')`,
    'CREATE TABLE devis_payment_means (key TEXT PRIMARY KEY) WITHOUT ROWID',
    "INSERT INTO devis_payment_means (key) VALUES ('cheque'), ('virement'), ('especes'), ('carte')",
    `CREATE TABLE devis_payments (
    id INTEGER PRIMARY KEY,
    devis_id INTEGER NOT NULL REFERENCES devis (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    received_on TEXT NOT NULL,
    means TEXT NOT NULL REFERENCES devis_payment_means (key),
    recorded_at TEXT NOT NULL,
    recorded_by INTEGER REFERENCES users (id) ON DELETE SET NULL
  )`,
    'CREATE INDEX devis_payments_devis ON devis_payments (devis_id, received_on)',
    `CREATE TRIGGER devis_payments_no_update BEFORE UPDATE ON devis_payments
    WHEN (new.recorded_by IS NOT old.recorded_by AND new.recorded_by IS NOT NULL) OR new.id IS NOT old.id
      OR new.devis_id IS NOT old.devis_id OR new.version IS NOT old.version OR new.amount_cents IS NOT old.amount_cents
      OR new.received_on IS NOT old.received_on OR new.means IS NOT old.means OR new.recorded_at IS NOT old.recorded_at
    BEGIN SELECT RAISE(ABORT, 'a recorded payment is never changed'); END`,
    `CREATE TRIGGER devis_payments_no_delete BEFORE DELETE ON devis_payments
    WHEN EXISTS (SELECT 1 FROM devis WHERE id = old.devis_id)
    BEGIN SELECT RAISE(ABORT, 'a recorded payment is kept with its devis'); END`,
  ],
  // 18: the acceptance form's whole answer with its code (client/acceptance-form.ts, docs/devis.md « Les étapes du
  // client »): the AcceptanceDetail as JSON (the name, the early start, a professional signer's capacity, every box
  // of the form with its words as shown and its answer, the address the code goes to), copied into the accepted
  // event when the code is confirmed. Older rows have none: their signer_name and early_start stand.
  ['ALTER TABLE devis_codes ADD COLUMN detail TEXT'],
  // 19: a termination naming a devis on file, filed from another address than its client's: the notice to that
  // client (requests/termination-devis.ts, docs/resilier-un-contrat.md « Une résiliation au nom d'un autre »).
  ["INSERT INTO mail_kinds (key, about) VALUES ('termination_devis_client', 'termination')"],
  // 20: « Révoquer ce lien » (store/devis-links.ts, docs/devis.md « Les étapes de l'équipe »). The links of a version
  // that a member withdrew, by their SHA-256 (the one given at sending, devis_versions.link_hash, and those of
  // « Relancer le client », devis_links): findByLink then answers « lien retiré »; a link made later (a new
  // reminder) is not in this table and opens the version again. Never changed, kept with their version. The
  // revocation is an event of the record (link_revoked, with the member).
  [
    `CREATE TABLE devis_revoked_links (
    link_hash TEXT PRIMARY KEY,
    version_id INTEGER NOT NULL REFERENCES devis_versions (id) ON DELETE CASCADE,
    revoked_at TEXT NOT NULL,
    revoked_by INTEGER REFERENCES users (id) ON DELETE SET NULL
  )`,
    'CREATE INDEX devis_revoked_links_version ON devis_revoked_links (version_id)',
    `CREATE TRIGGER devis_revoked_links_frozen BEFORE UPDATE ON devis_revoked_links
    WHEN new.link_hash IS NOT old.link_hash OR new.version_id IS NOT old.version_id
      OR new.revoked_at IS NOT old.revoked_at OR (new.revoked_by IS NOT old.revoked_by AND new.revoked_by IS NOT NULL)
    BEGIN SELECT RAISE(ABORT, 'a revoked devis link stays revoked'); END`,
    `CREATE TRIGGER devis_revoked_links_kept BEFORE DELETE ON devis_revoked_links
    WHEN EXISTS (SELECT 1 FROM devis_versions WHERE id = old.version_id)
    BEGIN SELECT RAISE(ABORT, 'a revoked devis link stays revoked'); END`,
    "INSERT INTO devis_event_kinds (key) VALUES ('link_revoked')",
  ],
  // 21: the client's answer made safe (store/devis-answers.ts, docs/devis.md « Le code et ses limites »). A code
  // row keeps the SHA-256 of the value given back to the browser that asked for it (nonce_hash: only that
  // browser can confirm it), its wrong tries (wrong: the version's caps count them; attempts also counts the
  // tries a newer code cut short), and its plain code only until its mail leaves. Two mail kinds: the
  // refusal's acknowledgment to the client, and the team's notice when a version reaches its caps. The proof
  // of acceptance drawn once, at the acceptance, and stored with its SHA-256: the mails attach it and the
  // inbox downloads it, never redrawn; never changed, deleted with its devis.
  [
    'ALTER TABLE devis_codes ADD COLUMN nonce_hash TEXT',
    'ALTER TABLE devis_codes ADD COLUMN wrong INTEGER NOT NULL DEFAULT 0',
    "INSERT INTO mail_kinds (key, about) VALUES ('devis_refused_client', 'devis'), ('devis_codes_capped', 'devis')",
    // A plain code lives only until its mail leaves: once the relay took it (or the mail is given up or
    // cancelled), the row keeps only its salted hash, as migration 13's trigger does for a link's secret.
    `CREATE TRIGGER devis_code_forgotten AFTER UPDATE OF status ON outbox
    WHEN new.kind = 'devis_code' AND new.status IS NOT 'pending'
    BEGIN UPDATE devis_codes SET code = NULL WHERE id = CAST(new.detail AS INTEGER) AND code IS NOT NULL; END`,
    `CREATE TABLE devis_proofs (
    devis_id INTEGER NOT NULL REFERENCES devis (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    pdf BLOB NOT NULL,
    pdf_sha256 TEXT NOT NULL,
    PRIMARY KEY (devis_id, version)
  )`,
    `CREATE TRIGGER devis_proofs_frozen BEFORE UPDATE ON devis_proofs
    BEGIN SELECT RAISE(ABORT, 'a stored proof never changes'); END`,
  ], // 22: the site's publications from the inbox (receiver/src/publish/, store/publications.ts, docs/publication.md):
  // one row per publication, preview or return to the previous release, its stage as it goes, its author, the
  // checkout's HEAD before it (to undo its commit), its commit and release, its French error. `running` is 1
  // while it runs and NULL after: its UNIQUE is the lock, one at a time, held across a restart until the start
  // cleans up. The managers are told by mail when the deploy command fails (site_deploy_failed, about a member).
  [
    `CREATE TABLE publications (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    stage TEXT NOT NULL,
    running INTEGER UNIQUE,
    member_id INTEGER REFERENCES users (id),
    author_name TEXT NOT NULL,
    author_email TEXT NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    changes TEXT NOT NULL DEFAULT '[]',
    written TEXT NOT NULL DEFAULT '[]',
    started_at TEXT NOT NULL,
    stage_at TEXT NOT NULL,
    finished_at TEXT,
    head_before TEXT,
    commit_sha TEXT,
    release TEXT,
    error TEXT,
    deploy_error TEXT
  )`,
    "INSERT INTO mail_kinds (key, about) VALUES ('site_deploy_failed', 'member')",
  ],
  // The site's pages as the managers edit them in « Le site » (inbox/site-routes.ts), before a publication
  // writes them into the site's checkout: one row a page, its JSON as last saved, a revision that only grows
  // (the form carries the revision it was read at: a save on an older one is refused, « modifié
  // entre-temps »), who saved it and when.
  [
    `CREATE TABLE site_drafts (
    page TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    revision INTEGER NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    saved_at TEXT NOT NULL
  )`,
  ],
  // The photos as the managers replace them in « Le site › Photos » (inbox/site-photos.ts), before a
  // publication writes them into the site's checkout: one row a place of the site (its photo key), the photo
  // as re-encoded without metadata (NULL when only its alternative text changes), its small copy for the
  // inbox, its size, its alternative text, who saved it and when.
  [
    `CREATE TABLE site_photo_drafts (
    photo TEXT PRIMARY KEY,
    jpeg BLOB,
    thumbnail BLOB,
    width INTEGER,
    height INTEGER,
    alt TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    saved_at TEXT NOT NULL
  )`,
  ],
  // The clients' reviews (store/reviews.ts, store/review-moderation.ts, docs/avis.md). review_requests: the one
  // request for a review per devis (its PRIMARY KEY: a restart, a second pass or a relay down never writes a
  // second one), the SHA-256 of its link's secret (the secret itself only in its outbox row while the mail is
  // pending), the day the works ended and the link's last day. review_opt_outs: the mailboxes (email.ts
  // mailboxKey) that asked for no more requests. reviews: at most one a devis (UNIQUE), as the client typed
  // it, its status among review_statuses, who published or refused it (and why), the company's answer; gone
  // with its devis (erasure). review_site: one row, a generation that the triggers below raise whenever the
  // published reviews change (published, unpublished, answered, deleted), and the generation the site last
  // went online with: while they differ, a publication of content/data/avis.json is due (publish/reviews.ts),
  // so a change made while another publication runs is never lost. Two mail kinds, about the accepted version:
  // the request, and the refusal's reason to the reviewer (its detail: the refusal's count).
  [
    `CREATE TABLE review_requests (
    devis_id INTEGER PRIMARY KEY REFERENCES devis (id) ON DELETE CASCADE,
    link_hash TEXT NOT NULL UNIQUE,
    work_completed_day TEXT NOT NULL,
    last_day TEXT NOT NULL,
    queued_at TEXT NOT NULL
  )`,
    `CREATE TABLE review_opt_outs (
    mailbox_key TEXT PRIMARY KEY,
    at TEXT NOT NULL
  ) WITHOUT ROWID`,
    'CREATE TABLE review_statuses (key TEXT PRIMARY KEY) WITHOUT ROWID',
    "INSERT INTO review_statuses (key) VALUES ('waiting'), ('published'), ('refused')",
    `CREATE TABLE reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    devis_id INTEGER NOT NULL UNIQUE REFERENCES devis (id) ON DELETE CASCADE,
    rating INTEGER NOT NULL,
    text TEXT NOT NULL,
    name TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'waiting' REFERENCES review_statuses (key),
    received_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    published_at TEXT,
    published_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    refused_at TEXT,
    refused_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    refusal_reason TEXT,
    refusals INTEGER NOT NULL DEFAULT 0,
    answer TEXT,
    answer_at TEXT,
    answer_by INTEGER REFERENCES users (id) ON DELETE SET NULL
  )`,
    'CREATE INDEX reviews_status ON reviews (status, received_at)',
    `CREATE TABLE review_site (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    generation INTEGER NOT NULL,
    published_generation INTEGER NOT NULL,
    member_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    attempted_generation INTEGER,
    attempted_at TEXT
  )`,
    'INSERT INTO review_site (id, generation, published_generation) VALUES (1, 0, 0)',
    `CREATE TRIGGER reviews_site_changed AFTER UPDATE ON reviews
    WHEN old.status = 'published' OR new.status = 'published'
    BEGIN UPDATE review_site SET generation = generation + 1; END`,
    `CREATE TRIGGER reviews_site_deleted AFTER DELETE ON reviews WHEN old.status = 'published'
    BEGIN UPDATE review_site SET generation = generation + 1; END`,
    "INSERT INTO mail_kinds (key, about) VALUES ('review_request', 'devis'), ('review_refused', 'devis')",
  ],
];

/**
 * The two triggers that hold an outbox row to exactly one subject, the one its kind names in
 * mail_kinds.about (migration 9): a new subject adds its column and calls this again in a new migration,
 * after dropping the two triggers.
 */
export function outboxSubjectTriggers(columns: string[], abouts: Record<string, string>): string[] {
  const count = columns.map((column) => `(new.${column} IS NOT NULL)`).join(' + ');
  const named = Object.entries(abouts)
    .map(([about, column]) => `WHEN '${about}' THEN new.${column} IS NOT NULL`)
    .join(' ');
  const valid = `${count} = 1 AND CASE (SELECT about FROM mail_kinds WHERE key = new.kind) ${named} ELSE 0 END`;
  const raise = "BEGIN SELECT RAISE(ABORT, 'an outbox row is about one subject, the one its kind names'); END";
  return [
    `CREATE TRIGGER outbox_subject_insert BEFORE INSERT ON outbox WHEN NOT (${valid}) ${raise}`,
    `CREATE TRIGGER outbox_subject_update BEFORE UPDATE OF kind, ${columns.join(', ')} ON outbox WHEN NOT (${valid}) ${raise}`,
  ];
}

/** The schema version this code writes (PRAGMA user_version once every migration is applied). */
export const SCHEMA_VERSION = MIGRATIONS.length;
