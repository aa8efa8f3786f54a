package io.malipo.tokenapi;

/** The token endpoint's answer, as the OpenAPI document describes it (RFC 6749 names). */
public record TokenAnswer(String access_token, String token_type, int expires_in, String scope) {
}
