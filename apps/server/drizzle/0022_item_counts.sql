CREATE TABLE "item_counts" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" "item_status" NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "item_counts_account_id_user_id_status_pk" PRIMARY KEY("account_id","user_id","status")
);
--> statement-breakpoint
-- Kept in the same transaction as every write to items: statement triggers read the rows the
-- statement changed (transition tables), so a 10,000-row import is one upsert per status, and
-- an update that moves no item between inventories or statuses touches no counter at all.
-- Counters are upserted in key order, so two writers always lock them in the same order; a
-- counter that falls to zero is removed.
CREATE FUNCTION item_counts_add(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO item_counts AS c (account_id, user_id, status, n)
    SELECT x.account_id, x.user_id, x.status, x.d
    FROM jsonb_to_recordset(changes) AS x(account_id text, user_id text, status item_status, d bigint)
    ORDER BY 1, 2, 3
    ON CONFLICT (account_id, user_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  DELETE FROM item_counts c
    USING jsonb_to_recordset(changes) AS x(account_id text, user_id text, status item_status, d bigint)
    WHERE c.account_id = x.account_id AND c.user_id = x.user_id AND c.status = x.status AND c.n = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION item_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add((
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'user_id', user_id, 'status', status, 'd', d))
    FROM (SELECT account_id, user_id, status, count(*) AS d FROM new_rows GROUP BY 1, 2, 3) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION item_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add((
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'user_id', user_id, 'status', status, 'd', d))
    FROM (SELECT account_id, user_id, status, -count(*) AS d FROM old_rows GROUP BY 1, 2, 3) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION item_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add((
    SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'user_id', user_id, 'status', status, 'd', d))
    FROM (
      SELECT account_id, user_id, status, sum(d) AS d FROM (
        SELECT account_id, user_id, status, -1 AS d FROM old_rows
        UNION ALL
        SELECT account_id, user_id, status, 1 AS d FROM new_rows
      ) moved GROUP BY 1, 2, 3 HAVING sum(d) <> 0
    ) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER item_counts_on_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER item_counts_on_delete AFTER DELETE ON items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION item_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER item_counts_on_update AFTER UPDATE ON items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION item_counts_updated();
--> statement-breakpoint
INSERT INTO item_counts (account_id, user_id, status, n)
  SELECT account_id, user_id, status, count(*) FROM items GROUP BY 1, 2, 3;
