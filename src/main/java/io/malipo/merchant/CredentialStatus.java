package io.malipo.merchant;

/** Whether a checkout credential or API key may still be used. Revocation is final. */
public enum CredentialStatus {
    ACTIVE,
    REVOKED
}
