-- Change notifications for the API's in-process caches (DatabaseNotifications): what a cached answer was made from
-- announces its own changes at commit, whoever writes it (the app, a worker, an operator in psql).

-- A signed-in user's session, account or profiles changed: the payload is the user's id.
CREATE FUNCTION "redpen_notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', OLD.id::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('auth_changed', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('auth_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_auth_changed" AFTER UPDATE OR DELETE ON "auth_sessions" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "student_profiles_auth_changed" AFTER INSERT OR DELETE ON "student_profiles" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "tutor_profiles_auth_changed" AFTER INSERT OR DELETE ON "tutor_profiles" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_auth_changed"();
--> statement-breakpoint
-- A tutor's profile changed (approvals, DBS, StudyLevel): the payload is the user's id.
CREATE FUNCTION "redpen_notify_tutor_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('tutor_changed', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('tutor_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tutor_profiles_tutor_changed" AFTER INSERT OR UPDATE OR DELETE ON "tutor_profiles" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_tutor_changed"();
--> statement-breakpoint
-- The essay pool changed: an essay became open, stopped being open, or changed while open. Identical
-- notifications of one transaction are delivered once, so a bulk write costs one.
CREATE FUNCTION "redpen_notify_essay_pool_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.status = 'open') OR (TG_OP <> 'DELETE' AND NEW.status = 'open') THEN
    PERFORM pg_notify('essay_pool_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "essays_pool_changed" AFTER INSERT OR UPDATE OR DELETE ON "essays" FOR EACH ROW EXECUTE FUNCTION "redpen_notify_essay_pool_changed"();
