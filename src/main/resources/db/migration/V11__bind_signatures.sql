-- A checkout signature (credential, Timestamp, Digest) is good for one operation: the first that
-- presents it binds it, and the same signature on another operation within the timestamp window
-- is refused. Malipo's own callback signatures are bound to CALLBACK the moment they are made,
-- so a callback's headers replayed to the API are refused too. The signature is kept as a hash.
CREATE TABLE signature_use (
    credential_id UUID        NOT NULL,
    signature     VARCHAR(64) NOT NULL,
    operation     VARCHAR(32) NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (credential_id, signature)
);
CREATE INDEX signature_use_age ON signature_use (created_at);
