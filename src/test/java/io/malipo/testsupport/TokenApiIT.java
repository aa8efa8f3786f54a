package io.malipo.testsupport;

import org.junit.jupiter.api.BeforeEach;

/** Base of the token API's integration tests: each test starts with a merchant of its own and its bearer client. */
public abstract class TokenApiIT extends PostgresIT {

    /** A new verified merchant with a test API key. */
    protected ApiMerchant shop;
    /** That merchant's client, with a fresh access token. */
    protected Http api;

    @BeforeEach
    void newMerchant() {
        shop = ApiMerchant.create(http, admin);
        api = shop.api();
    }
}
