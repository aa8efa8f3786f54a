-- Every instance keeps the checkout credentials and API keys it last read (CredentialCache) and
-- forgets them when told these tables changed: on commit of any transaction that changed them,
-- whoever ran it (Malipo, an operator in psql), PostgreSQL notifies the channel the instances
-- listen on. Recording when an API key was last used changes nothing a request checks, so it
-- alone does not notify.
CREATE FUNCTION malipo_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('malipo_credentials', TG_TABLE_NAME);
    RETURN NULL;
END
$$;

CREATE TRIGGER merchant_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merchant
    FOR EACH STATEMENT EXECUTE FUNCTION malipo_credentials_changed();
CREATE TRIGGER checkout_credential_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON checkout_credential
    FOR EACH STATEMENT EXECUTE FUNCTION malipo_credentials_changed();
CREATE TRIGGER api_key_added_or_removed AFTER INSERT OR DELETE OR TRUNCATE ON api_key
    FOR EACH STATEMENT EXECUTE FUNCTION malipo_credentials_changed();
CREATE TRIGGER api_key_changed AFTER UPDATE ON api_key
    FOR EACH ROW WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
    EXECUTE FUNCTION malipo_credentials_changed();
