-- Merchants and the credentials they call Malipo with. Portable between PostgreSQL and H2
-- (PostgreSQL mode): no TEXT (a CLOB on H2), no RETURNING, no PostgreSQL-only types.

CREATE TABLE merchant (
    id          UUID         PRIMARY KEY,
    vendor      VARCHAR(32)  NOT NULL,
    name        VARCHAR(200) NOT NULL,
    email       VARCHAR(254) NOT NULL,
    status      VARCHAR(16)  NOT NULL,
    demo        BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    verified_at TIMESTAMP WITH TIME ZONE,
    CONSTRAINT merchant_vendor_unique UNIQUE (vendor),
    CONSTRAINT merchant_status_known CHECK (status IN ('UNVERIFIED', 'VERIFIED', 'SUSPENDED'))
);

-- Checkout secrets are needed in clear to verify request HMACs, so they are stored encrypted
-- (AES-GCM under the master key); the api_key only identifies and is stored as given out.
CREATE TABLE checkout_credential (
    id                         UUID        PRIMARY KEY,
    merchant_id                UUID        NOT NULL REFERENCES merchant (id),
    api_key                    VARCHAR(64) NOT NULL,
    secret_sealed              VARCHAR(200) NOT NULL,
    previous_secret_sealed     VARCHAR(200),
    previous_valid_until       TIMESTAMP WITH TIME ZONE,
    livemode                   BOOLEAN     NOT NULL,
    status                     VARCHAR(16) NOT NULL,
    created_at                 TIMESTAMP WITH TIME ZONE NOT NULL,
    rotated_at                 TIMESTAMP WITH TIME ZONE,
    revoked_at                 TIMESTAMP WITH TIME ZONE,
    CONSTRAINT checkout_credential_api_key_unique UNIQUE (api_key),
    CONSTRAINT checkout_credential_status_known CHECK (status IN ('ACTIVE', 'REVOKED'))
);
CREATE INDEX checkout_credential_merchant ON checkout_credential (merchant_id);

-- Token-API keys: only a SHA-256 of the whole key is kept; lookup finds the row.
CREATE TABLE api_key (
    id                    UUID         PRIMARY KEY,
    merchant_id           UUID         NOT NULL REFERENCES merchant (id),
    name                  VARCHAR(100) NOT NULL,
    lookup                VARCHAR(32)  NOT NULL,
    secret_hash           VARCHAR(64)  NOT NULL,
    previous_secret_hash  VARCHAR(64),
    previous_valid_until  TIMESTAMP WITH TIME ZONE,
    scopes                VARCHAR(200) NOT NULL,
    allowed_ips           VARCHAR(4000) NOT NULL DEFAULT '',
    livemode              BOOLEAN      NOT NULL,
    status                VARCHAR(16)  NOT NULL,
    expires_at            TIMESTAMP WITH TIME ZONE,
    created_at            TIMESTAMP WITH TIME ZONE NOT NULL,
    rotated_at            TIMESTAMP WITH TIME ZONE,
    revoked_at            TIMESTAMP WITH TIME ZONE,
    last_used_at          TIMESTAMP WITH TIME ZONE,
    CONSTRAINT api_key_lookup_unique UNIQUE (lookup),
    CONSTRAINT api_key_status_known CHECK (status IN ('ACTIVE', 'REVOKED'))
);
CREATE INDEX api_key_merchant ON api_key (merchant_id);
