-- The receiver's database schema (quotes.db) at version 25 (PRAGMA user_version).
-- Generated from the migrations (receiver/src/store/migrations.ts) applied to an empty database: do not
-- edit it; after adding a migration, run `npm run receiver:schema` and commit the result.
-- receiver/test/schema.test.ts checks that the migrations produce exactly this schema.

CREATE TABLE requests (
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
  file_sha256 TEXT,
  content_sha256 TEXT,
  status TEXT NOT NULL DEFAULT 'nouvelle' REFERENCES statuses (key),
  status_reason TEXT,
  assignee_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  called_back_at TEXT,
  called_back_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  deadline_at TEXT,
  reminders INTEGER NOT NULL DEFAULT 0 CHECK (reminders IN (0, 1)),
  mailbox_key TEXT
);

CREATE INDEX requests_email_key ON requests (email_key);

CREATE INDEX requests_created_at ON requests (created_at);

CREATE TABLE health (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  checked_at TEXT NOT NULL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  webauthn_user_id TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  disabled_at TEXT,
  erased_at TEXT,
  manager INTEGER NOT NULL DEFAULT 0 CHECK (manager IN (0, 1))
);

CREATE TABLE credentials (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  name TEXT
);

CREATE INDEX credentials_user ON credentials (user_id);

CREATE TABLE enrolments (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  ceremony_at INTEGER
);

CREATE INDEX sessions_user ON sessions (user_id);

CREATE INDEX requests_open ON requests (spam, status, deadline_at);

CREATE TABLE request_events (
  id INTEGER PRIMARY KEY,
  request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'not_spam', 'reminder')),
  status TEXT,
  detail TEXT
);

CREATE INDEX request_events_request ON request_events (request_id, at);

CREATE TABLE audit (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  action TEXT NOT NULL,
  reference TEXT,
  detail TEXT
);

CREATE TABLE "outbox" (
  id INTEGER PRIMARY KEY,
  request_id INTEGER REFERENCES requests (id) ON DELETE CASCADE,
  kind TEXT NOT NULL REFERENCES mail_kinds (key),
  message_id TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  sent_at TEXT,
  claimed_until INTEGER,
  digest_day TEXT UNIQUE,
  queued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  maybe_delivered INTEGER NOT NULL DEFAULT 0,
  without_file INTEGER NOT NULL DEFAULT 0,
  claimed_by INTEGER,
  member_id INTEGER REFERENCES users (id),
  detail TEXT,
  termination_id INTEGER REFERENCES terminations (id) ON DELETE CASCADE,
  devis_version_id INTEGER REFERENCES devis_versions (id) ON DELETE CASCADE,
  link_secret TEXT,
  UNIQUE (request_id, kind)
);

CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

CREATE INDEX outbox_visitor ON outbox (kind, request_id);

CREATE INDEX requests_inbox ON requests (spam, status, deadline_at, created_at, service_type, location, reference,
  first_name, last_name, email, phone, REPLACE(REPLACE(REPLACE(REPLACE(phone, ' ', ''), '.', ''), '-', ''), ' ', ''));

CREATE INDEX requests_mailbox_key ON requests (mailbox_key, created_at);

CREATE TABLE statuses (
  key TEXT PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE mail_kinds (
  key TEXT PRIMARY KEY,
  about TEXT NOT NULL DEFAULT 'request'
) WITHOUT ROWID;

CREATE TABLE audit_cutoff (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  before TEXT NOT NULL
);

CREATE TRIGGER audit_cutoff_insert BEFORE INSERT ON audit_cutoff
  WHEN new.before > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-6 months')
  BEGIN SELECT RAISE(ABORT, 'audit rows are kept six months at least'); END;

CREATE TRIGGER audit_cutoff_update BEFORE UPDATE ON audit_cutoff
  WHEN new.before > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-6 months')
  BEGIN SELECT RAISE(ABORT, 'audit rows are kept six months at least'); END;

CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
  WHEN old.at >= COALESCE((SELECT before FROM audit_cutoff WHERE id = 1), '')
  BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;

CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
  WHEN new.id IS NOT old.id OR new.at IS NOT old.at OR new.user_id IS NOT old.user_id OR new.action IS NOT old.action
    OR (new.reference IS NOT old.reference AND new.reference IS NOT NULL)
    OR (new.detail IS NOT old.detail AND (new.detail IS NULL OR new.detail NOT GLOB 'Ancien membre n°?[0-9]*'))
  BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;

CREATE INDEX audit_at ON audit (at);

CREATE INDEX audit_reference ON audit (reference);

CREATE INDEX outbox_member ON outbox (member_id);

CREATE TABLE devis_statuses (
  key TEXT PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE devis_event_kinds (
  key TEXT PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE devis_counters (
  year INTEGER PRIMARY KEY,
  last INTEGER NOT NULL CHECK (last >= 1)
);

CREATE TRIGGER devis_counters_from_one BEFORE INSERT ON devis_counters WHEN new.last IS NOT 1
  BEGIN SELECT RAISE(ABORT, 'a devis counter starts at one'); END;

CREATE TRIGGER devis_counters_by_one BEFORE UPDATE ON devis_counters
  WHEN new.year IS NOT old.year OR new.last IS NOT old.last + 1
  BEGIN SELECT RAISE(ABORT, 'a devis counter moves by one'); END;

CREATE TRIGGER devis_counters_kept BEFORE DELETE ON devis_counters
  BEGIN SELECT RAISE(ABORT, 'a devis counter is never deleted'); END;

CREATE TABLE devis (
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
);

CREATE INDEX devis_request ON devis (request_id);

CREATE INDEX devis_status ON devis (status, updated_at);

CREATE TRIGGER devis_number_kept BEFORE UPDATE OF number, number_year, number_rank ON devis
  WHEN old.number IS NOT NULL AND (new.number IS NOT old.number OR new.number_year IS NOT old.number_year
    OR new.number_rank IS NOT old.number_rank)
  BEGIN SELECT RAISE(ABORT, 'a devis number is never changed'); END;

CREATE TRIGGER devis_number_in_order BEFORE UPDATE OF number_rank ON devis
  WHEN old.number IS NULL AND new.number_rank IS NOT (SELECT last FROM devis_counters WHERE year = new.number_year)
  BEGIN SELECT RAISE(ABORT, 'devis number out of order'); END;

CREATE TRIGGER devis_number_on_insert BEFORE INSERT ON devis WHEN new.number IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'a devis gets its number when first sent'); END;

CREATE TRIGGER devis_kept BEFORE DELETE ON devis
  WHEN old.retain_until IS NOT NULL AND old.retain_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  BEGIN SELECT RAISE(ABORT, 'an accepted devis is kept ten years (C. conso. L. 213-1)'); END;

CREATE TABLE devis_versions (
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
);

CREATE TRIGGER devis_versions_frozen BEFORE UPDATE ON devis_versions
  WHEN new.id IS NOT old.id OR new.devis_id IS NOT old.devis_id OR new.version IS NOT old.version
    OR new.sent_at IS NOT old.sent_at OR new.content IS NOT old.content OR new.content_sha256 IS NOT old.content_sha256
    OR new.link_hash IS NOT old.link_hash OR new.valid_until IS NOT old.valid_until
    OR new.total_ttc_cents IS NOT old.total_ttc_cents
    OR (old.pdf IS NOT NULL AND (new.pdf IS NOT old.pdf OR new.pdf_sha256 IS NOT old.pdf_sha256))
    OR (old.replaced_at IS NOT NULL AND (new.replaced_at IS NOT old.replaced_at OR new.replaced_by IS NOT old.replaced_by))
    OR (new.sent_by IS NOT old.sent_by AND new.sent_by IS NOT NULL)
  BEGIN SELECT RAISE(ABORT, 'a sent devis version is frozen'); END;

CREATE TRIGGER devis_versions_kept BEFORE DELETE ON devis_versions
  WHEN EXISTS (SELECT 1 FROM devis WHERE id = old.devis_id)
  BEGIN SELECT RAISE(ABORT, 'a sent devis version is kept with its devis'); END;

CREATE TABLE devis_events (
  id INTEGER PRIMARY KEY,
  devis_id INTEGER NOT NULL REFERENCES devis (id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  kind TEXT NOT NULL REFERENCES devis_event_kinds (key),
  at TEXT NOT NULL,
  ip TEXT,
  user_agent TEXT,
  user_id INTEGER,
  detail TEXT
);

CREATE INDEX devis_events_devis ON devis_events (devis_id, at);

CREATE TRIGGER devis_events_no_update BEFORE UPDATE ON devis_events
  BEGIN SELECT RAISE(ABORT, 'the devis record is append-only'); END;

CREATE TRIGGER devis_events_no_delete BEFORE DELETE ON devis_events
  WHEN EXISTS (SELECT 1 FROM devis WHERE id = old.devis_id)
  BEGIN SELECT RAISE(ABORT, 'the devis record is append-only'); END;

CREATE TABLE termination_contract_types (
  key TEXT PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE terminations (
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
);

CREATE INDEX terminations_email_key ON terminations (email_key);

CREATE INDEX terminations_mailbox_key ON terminations (mailbox_key, created_at);

CREATE INDEX terminations_list ON terminations (spam, handled_at, created_at);

CREATE UNIQUE INDEX outbox_termination ON outbox (termination_id, kind);

CREATE UNIQUE INDEX outbox_devis ON outbox (devis_version_id, kind, ifnull(detail, '')) WHERE devis_version_id IS NOT NULL;

CREATE TRIGGER outbox_subject_insert BEFORE INSERT ON outbox WHEN NOT ((new.request_id IS NOT NULL) + (new.digest_day IS NOT NULL) + (new.member_id IS NOT NULL) + (new.termination_id IS NOT NULL) + (new.devis_version_id IS NOT NULL) = 1 AND CASE (SELECT about FROM mail_kinds WHERE key = new.kind) WHEN 'request' THEN new.request_id IS NOT NULL WHEN 'day' THEN new.digest_day IS NOT NULL WHEN 'member' THEN new.member_id IS NOT NULL WHEN 'termination' THEN new.termination_id IS NOT NULL WHEN 'devis' THEN new.devis_version_id IS NOT NULL ELSE 0 END) BEGIN SELECT RAISE(ABORT, 'an outbox row is about one subject, the one its kind names'); END;

CREATE TRIGGER outbox_subject_update BEFORE UPDATE OF kind, request_id, digest_day, member_id, termination_id, devis_version_id ON outbox WHEN NOT ((new.request_id IS NOT NULL) + (new.digest_day IS NOT NULL) + (new.member_id IS NOT NULL) + (new.termination_id IS NOT NULL) + (new.devis_version_id IS NOT NULL) = 1 AND CASE (SELECT about FROM mail_kinds WHERE key = new.kind) WHEN 'request' THEN new.request_id IS NOT NULL WHEN 'day' THEN new.digest_day IS NOT NULL WHEN 'member' THEN new.member_id IS NOT NULL WHEN 'termination' THEN new.termination_id IS NOT NULL WHEN 'devis' THEN new.devis_version_id IS NOT NULL ELSE 0 END) BEGIN SELECT RAISE(ABORT, 'an outbox row is about one subject, the one its kind names'); END;

CREATE TRIGGER outbox_link_secret_forgotten AFTER UPDATE OF status ON outbox
  WHEN new.status IS NOT 'pending' AND new.link_secret IS NOT NULL
  BEGIN UPDATE outbox SET link_secret = NULL WHERE id = new.id; END;

CREATE TABLE devis_codes (
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
  user_agent TEXT,
  detail TEXT,
  nonce_hash TEXT,
  wrong INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX devis_codes_version ON devis_codes (devis_id, version, created_at);

CREATE TABLE devis_links (
  id INTEGER PRIMARY KEY,
  version_id INTEGER NOT NULL REFERENCES devis_versions (id) ON DELETE CASCADE,
  link_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL
);

CREATE INDEX devis_links_version ON devis_links (version_id);

CREATE TRIGGER devis_links_frozen BEFORE UPDATE ON devis_links
  WHEN new.id IS NOT old.id OR new.version_id IS NOT old.version_id OR new.link_hash IS NOT old.link_hash
    OR new.created_at IS NOT old.created_at OR (new.created_by IS NOT old.created_by AND new.created_by IS NOT NULL)
  BEGIN SELECT RAISE(ABORT, 'a devis link never changes'); END;

CREATE UNIQUE INDEX devis_events_once ON devis_events (devis_id, kind)
  WHERE kind IN ('goods_received', 'work_completed');

CREATE TABLE devis_payment_means (
  key TEXT PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE devis_payments (
  id INTEGER PRIMARY KEY,
  devis_id INTEGER NOT NULL REFERENCES devis (id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  received_on TEXT NOT NULL,
  means TEXT NOT NULL REFERENCES devis_payment_means (key),
  recorded_at TEXT NOT NULL,
  recorded_by INTEGER REFERENCES users (id) ON DELETE SET NULL
);

CREATE INDEX devis_payments_devis ON devis_payments (devis_id, received_on);

CREATE TRIGGER devis_payments_no_update BEFORE UPDATE ON devis_payments
  WHEN (new.recorded_by IS NOT old.recorded_by AND new.recorded_by IS NOT NULL) OR new.id IS NOT old.id
    OR new.devis_id IS NOT old.devis_id OR new.version IS NOT old.version OR new.amount_cents IS NOT old.amount_cents
    OR new.received_on IS NOT old.received_on OR new.means IS NOT old.means OR new.recorded_at IS NOT old.recorded_at
  BEGIN SELECT RAISE(ABORT, 'a recorded payment is never changed'); END;

CREATE TRIGGER devis_payments_no_delete BEFORE DELETE ON devis_payments
  WHEN EXISTS (SELECT 1 FROM devis WHERE id = old.devis_id)
  BEGIN SELECT RAISE(ABORT, 'a recorded payment is kept with its devis'); END;

CREATE TABLE devis_revoked_links (
  link_hash TEXT PRIMARY KEY,
  version_id INTEGER NOT NULL REFERENCES devis_versions (id) ON DELETE CASCADE,
  revoked_at TEXT NOT NULL,
  revoked_by INTEGER REFERENCES users (id) ON DELETE SET NULL
);

CREATE INDEX devis_revoked_links_version ON devis_revoked_links (version_id);

CREATE TRIGGER devis_revoked_links_frozen BEFORE UPDATE ON devis_revoked_links
  WHEN new.link_hash IS NOT old.link_hash OR new.version_id IS NOT old.version_id
    OR new.revoked_at IS NOT old.revoked_at OR (new.revoked_by IS NOT old.revoked_by AND new.revoked_by IS NOT NULL)
  BEGIN SELECT RAISE(ABORT, 'a revoked devis link stays revoked'); END;

CREATE TRIGGER devis_revoked_links_kept BEFORE DELETE ON devis_revoked_links
  WHEN EXISTS (SELECT 1 FROM devis_versions WHERE id = old.version_id)
  BEGIN SELECT RAISE(ABORT, 'a revoked devis link stays revoked'); END;

CREATE TRIGGER devis_code_forgotten AFTER UPDATE OF status ON outbox
  WHEN new.kind = 'devis_code' AND new.status IS NOT 'pending'
  BEGIN UPDATE devis_codes SET code = NULL WHERE id = CAST(new.detail AS INTEGER) AND code IS NOT NULL; END;

CREATE TABLE devis_proofs (
  devis_id INTEGER NOT NULL REFERENCES devis (id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  pdf BLOB NOT NULL,
  pdf_sha256 TEXT NOT NULL,
  PRIMARY KEY (devis_id, version)
);

CREATE TRIGGER devis_proofs_frozen BEFORE UPDATE ON devis_proofs
  BEGIN SELECT RAISE(ABORT, 'a stored proof never changes'); END;

CREATE TABLE publications (
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
);

CREATE TABLE site_drafts (
  page TEXT PRIMARY KEY,
  data TEXT NOT NULL,
  revision INTEGER NOT NULL,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  saved_at TEXT NOT NULL
);

CREATE TABLE site_photo_drafts (
  photo TEXT PRIMARY KEY,
  jpeg BLOB,
  thumbnail BLOB,
  width INTEGER,
  height INTEGER,
  alt TEXT NOT NULL,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  saved_at TEXT NOT NULL
);

CREATE TABLE review_requests (
  devis_id INTEGER PRIMARY KEY REFERENCES devis (id) ON DELETE CASCADE,
  link_hash TEXT NOT NULL UNIQUE,
  work_completed_day TEXT NOT NULL,
  last_day TEXT NOT NULL,
  queued_at TEXT NOT NULL
);

CREATE TABLE review_opt_outs (
  mailbox_key TEXT PRIMARY KEY,
  at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE review_statuses (
  key TEXT PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE reviews (
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
);

CREATE INDEX reviews_status ON reviews (status, received_at);

CREATE TABLE review_site (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL,
  published_generation INTEGER NOT NULL,
  member_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  attempted_generation INTEGER,
  attempted_at TEXT
);

CREATE TRIGGER reviews_site_changed AFTER UPDATE ON reviews
  WHEN old.status = 'published' OR new.status = 'published'
  BEGIN UPDATE review_site SET generation = generation + 1; END;

CREATE TRIGGER reviews_site_deleted AFTER DELETE ON reviews WHEN old.status = 'published'
  BEGIN UPDATE review_site SET generation = generation + 1; END;
