/*
 * The SQL that makes the audit chains, in one place: migration 0023 installs exactly these definitions (a test holds
 * the migration to them), and `audit verify` compares what the database runs with them, so that a function or
 * trigger replaced behind our back is named (docs/decisions/031-audit-chains-per-clinic.md).
 */

/** A function of the chain as pg_proc holds it. */
export interface ChainFunction {
  name: string;
  /** As pg_get_function_identity_arguments prints it. */
  args: string;
  /** As pg_get_function_result prints it. */
  returns: string;
  language: 'sql' | 'plpgsql';
  volatility: 'STABLE' | 'VOLATILE';
  /** pg_proc.prosrc: the text between the dollar quotes. */
  body: string;
}

/**
 * The canonical text of a row that its hash covers: every field but the chain's own, in a fixed order, with the time
 * in UTC to the microsecond so that no session setting changes it. Unchanged since migration 0006, so rows written
 * before the chains were split still verify. `audit verify` builds the same text in Node (audit-row-text.ts).
 */
const AUDIT_ROW_TEXT: ChainFunction = {
  name: 'audit_row_text',
  args: 'r audit_log',
  returns: 'text',
  language: 'sql',
  volatility: 'STABLE',
  body: `
  SELECT jsonb_build_array(
    r.seq, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.actor_id, r.action,
    r.target_type, to_jsonb(r.target_ids), r.subject_user_id, r.outcome, r.correlation_id, r.details
  )::text
`,
};

const AUDIT_ROW_HASH: ChainFunction = {
  name: 'audit_row_hash',
  args: 'prev_hash text, r audit_log',
  returns: 'text',
  language: 'sql',
  volatility: 'STABLE',
  body: `
  SELECT encode(sha256(convert_to(prev_hash || audit_row_text(r), 'UTF8')), 'hex')
`,
};

/**
 * The BEFORE INSERT trigger's function. The row's chain is the clinic of its actor (a therapist's clinic, or a
 * client's own), else of its subject, else 0: read from the profiles by primary key inside the insert itself, so every
 * writer (a plain insert or a CTE of the work's statement) gets the same rule at no extra round trip. Each insert
 * locks the head of its own chain until its transaction ends: writers of one clinic chain one after another with no
 * gap and no fork, and never wait on another clinic's. A chain's first row creates its head at the chain's genesis
 * hash (64 zeros for chain 0, as before the split; sha256 of 'audit_log chain N' for chain N, which ties the whole
 * chain to its number).
 */
const AUDIT_LOG_CHAIN: ChainFunction = {
  name: 'audit_log_chain',
  args: '',
  returns: 'trigger',
  language: 'plpgsql',
  volatility: 'VOLATILE',
  body: `
DECLARE
  head audit_chain_heads%ROWTYPE;
BEGIN
  NEW.chain_id := coalesce(
    (SELECT clinic_id FROM therapist_profiles WHERE user_id = NEW.actor_id),
    (SELECT clinic_id FROM client_profiles WHERE user_id = NEW.actor_id),
    (SELECT clinic_id FROM therapist_profiles WHERE user_id = NEW.subject_user_id),
    (SELECT clinic_id FROM client_profiles WHERE user_id = NEW.subject_user_id),
    0);
  SELECT * INTO head FROM audit_chain_heads WHERE chain_id = NEW.chain_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_heads (chain_id, seq, hash)
    VALUES (NEW.chain_id, 0, CASE WHEN NEW.chain_id = 0 THEN repeat('0', 64)
      ELSE encode(sha256(convert_to('audit_log chain ' || NEW.chain_id, 'UTF8')), 'hex') END)
    ON CONFLICT (chain_id) DO NOTHING;
    SELECT * INTO head FROM audit_chain_heads WHERE chain_id = NEW.chain_id FOR UPDATE;
  END IF;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_row_hash(head.hash, NEW);
  UPDATE audit_chain_heads SET seq = NEW.seq, hash = NEW.hash WHERE chain_id = NEW.chain_id;
  RETURN NEW;
END
`,
};

export const CHAIN_FUNCTIONS: readonly ChainFunction[] = [AUDIT_ROW_TEXT, AUDIT_ROW_HASH, AUDIT_LOG_CHAIN];

/** The one trigger on audit_log, as pg_get_triggerdef prints it for a table in `schema`. */
export const chainTriggerDef = (schema: string) =>
  `CREATE TRIGGER audit_log_chain BEFORE INSERT ON ${schema}.audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain()`;

/** The statement that installs a function (the migration holds exactly this text). */
export const functionDdl = (f: ChainFunction) =>
  `CREATE OR REPLACE FUNCTION ${f.name}(${f.args}) RETURNS ${f.returns} ` +
  `LANGUAGE ${f.language} ${f.volatility} AS $$${f.body}$$;`;

export const TRIGGER_DDL =
  'CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_chain();';
