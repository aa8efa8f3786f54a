package io.malipo.merchant;

/** A merchant's standing: live credentials work only for VERIFIED merchants. */
public enum MerchantStatus {
    UNVERIFIED,
    VERIFIED,
    SUSPENDED
}
