-- The people of a merchant who sign in to the dashboard, their invitations and recovery codes,
-- and the audit log of what they change. A person belongs to one merchant; the email signs in.
CREATE TABLE merchant_user (
    id                  UUID          PRIMARY KEY,
    merchant_id         UUID          NOT NULL REFERENCES merchant (id),
    email               VARCHAR(254)  NOT NULL,
    role                VARCHAR(16)   NOT NULL,
    -- Argon2 (Spring Security's encoder); null until the invitation is accepted.
    password_hash       VARCHAR(200),
    -- The TOTP secret, sealed under a key derived from the master key; null until set up.
    totp_secret_sealed  VARCHAR(200),
    totp_enabled_at     TIMESTAMP WITH TIME ZONE,
    -- The last TOTP time step accepted: a code is good once.
    last_totp_step      BIGINT        NOT NULL DEFAULT 0,
    -- Sessions signed in before this are over ("sign out everywhere").
    sessions_valid_after TIMESTAMP WITH TIME ZONE NOT NULL,
    created_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT merchant_user_email_unique UNIQUE (email),
    CONSTRAINT merchant_user_role_known CHECK (role IN ('OWNER', 'DEVELOPER', 'FINANCE', 'VIEWER'))
);
CREATE INDEX merchant_user_merchant ON merchant_user (merchant_id);

-- Single use, for 72 hours; only a SHA-256 of the token in the link is kept.
CREATE TABLE user_invitation (
    id          UUID         PRIMARY KEY,
    user_id     UUID         NOT NULL REFERENCES merchant_user (id),
    token_hash  VARCHAR(64)  NOT NULL,
    expires_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    used_at     TIMESTAMP WITH TIME ZONE,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT user_invitation_token_unique UNIQUE (token_hash)
);

-- Shown once when two factors are set up; each signs in once instead of a code.
CREATE TABLE user_recovery_code (
    user_id    UUID         NOT NULL REFERENCES merchant_user (id),
    code_hash  VARCHAR(64)  NOT NULL,
    used_at    TIMESTAMP WITH TIME ZONE,
    PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE dashboard_audit (
    id           UUID          PRIMARY KEY,
    merchant_id  UUID          NOT NULL REFERENCES merchant (id),
    user_id      UUID          REFERENCES merchant_user (id),
    action       VARCHAR(64)   NOT NULL,
    detail       VARCHAR(500),
    address      VARCHAR(64),
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX dashboard_audit_merchant ON dashboard_audit (merchant_id, created_at);
