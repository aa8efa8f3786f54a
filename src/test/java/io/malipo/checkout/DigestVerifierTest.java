package io.malipo.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Digest vectors, one per client behaviour in the checkout client study: each test writes the
 * string that client signs by hand, signs it, and expects the server to accept the request as
 * that client sends it, and nothing else.
 */
class DigestVerifierTest {

    private static final String SECRET = "cs_test_secret";
    private static final String TS = "2026-05-01T12:30:46+03:00";

    @Test
    void nodeClientSignsEveryTopLevelFieldInInsertionOrder() {
        String body = "{\"vendor\":\"MLP1\",\"order_id\":\"A1\",\"amount\":8000.5,\"currency\":\"TZS\"}";
        String signed = "timestamp=" + TS + "&vendor=MLP1&order_id=A1&amount=8000.5&currency=TZS";

        assertThat(verify(body, null, "vendor,order_id,amount,currency", signed)).hasValueSatisfying(m -> {
            assertThat(m.source().kind()).isEqualTo(SignedSource.Kind.JSON_BODY);
            assertThat(m.signsFaithfully("amount")).isTrue();
        });
    }

    @Test
    void goClientsSignMillionsInExponentFormAndInAnyOrder() {
        String body = "{\"order_id\":\"A1\",\"amount\":1500000,\"vendor\":\"MLP1\",\"currency\":\"TZS\"}";
        String signed = "timestamp=" + TS + "&currency=TZS&amount=1.5e+06&vendor=MLP1&order_id=A1";

        assertThat(verify(body, null, "currency,amount,vendor,order_id", signed))
                .hasValueSatisfying(m -> assertThat(m.profile()).isEqualTo(SigningProfile.GO));
    }

    @Test
    void phpClientsSignTrueAsOneAndDropPointZero() {
        String body = "{\"order_id\":\"A1\",\"amount\":8000.0,\"no_redirection\":true,\"remarks\":null}";
        String signed = "timestamp=" + TS + "&order_id=A1&amount=8000&no_redirection=1&remarks=";

        assertThat(verify(body, null, "order_id,amount,no_redirection,remarks", signed))
                .hasValueSatisfying(m -> assertThat(m.profile()).isEqualTo(SigningProfile.PHP));
    }

    @Test
    void pythonClientsSignTrueNoneAndFloatsAsPythonWritesThem() {
        String body = "{\"order_id\": \"A1\", \"amount\": 8000.0, \"no_redirection\": true, \"remarks\": null}";
        String signed = "timestamp=2026-05-01T12:30:46+0300&order_id=A1&amount=8000.0&no_redirection=True&remarks=None";

        assertThat(verify(body, null, "order_id,amount,no_redirection,remarks", signed,
                "2026-05-01T12:30:46+0300")).hasValueSatisfying(m ->
                assertThat(m.profile()).isEqualTo(SigningProfile.PYTHON));
    }

    @Test
    void pythonClientsSignANestedObjectAsItsDictRepr() {
        String body = "{\"order_id\": \"A1\", \"billing\": {\"firstname\": \"John\", \"lastname\": \"O'Brien\", "
                + "\"vip\": true, \"note\": null, \"rooms\": [1, 2]}}";
        String signed = "timestamp=" + TS + "&order_id=A1&billing={'firstname': 'John', 'lastname': \"O'Brien\", "
                + "'vip': True, 'note': None, 'rooms': [1, 2]}";

        assertBillingSignedLossily(verify(body, null, "order_id,billing", signed), SigningProfile.PYTHON);
    }

    @Test
    void phpClientsSignNestedObjectsAndArraysAsArray() {
        String body = "{\"order_id\":\"A1\",\"amount\":8000.0,\"billing\":{\"firstname\":\"John\"},\"items\":[1,2]}";
        String signed = "timestamp=" + TS + "&order_id=A1&amount=8000&billing=Array&items=Array";

        assertBillingSignedLossily(verify(body, null, "order_id,amount,billing,items", signed), SigningProfile.PHP);
    }

    @Test
    void dartClientsSignMapsAsBracedPairsListsSpacedAndFloatsAsWritten() {
        String body = "{\"order_id\":\"A1\",\"amount\":8000.0,\"flag\":true,\"remarks\":null,"
                + "\"billing\":{\"firstname\":\"John\",\"city\":\"Dar\"},\"items\":[1,2]}";
        String signed = "timestamp=" + TS + "&order_id=A1&amount=8000.0&flag=true&remarks=null"
                + "&billing={firstname: John, city: Dar}&items=[1, 2]";

        assertBillingSignedLossily(verify(body, null, "order_id,amount,flag,remarks,billing,items", signed),
                SigningProfile.DART);
    }

    @Test
    void dotNetClientsSignTrueCapitalisedAndMayUseADecimalComma() {
        String body = "{\"order_id\":\"A1\",\"amount\":8000.5,\"flag\":true}";

        assertThat(verify(body, null, "order_id,amount,flag",
                "timestamp=" + TS + "&order_id=A1&amount=8000,5&flag=True")).isPresent();
    }

    @Test
    void nestedBillingIsSignedAsObjectObjectByJavascriptAndResolvedByDottedNames() {
        String body = "{\"order_id\":\"A1\",\"billing\":{\"firstname\":\"John\",\"city\":\"Dar\"}}";

        assertThat(verify(body, null, "order_id,billing",
                "timestamp=" + TS + "&order_id=A1&billing=[object Object]")).hasValueSatisfying(m ->
                assertThat(m.signsFaithfully("billing")).isFalse());
        assertThat(verify(body, null, "order_id,billing.firstname,billing.city",
                "timestamp=" + TS + "&order_id=A1&billing.firstname=John&billing.city=Dar")).isPresent();
    }

    @Test
    void namesListedButNotSentSignAsEachClientRendersThem() {
        String body = "{\"order_id\":\"A1\"}";

        assertThat(verify(body, null, "order_id,buyer_user_id", "timestamp=" + TS + "&order_id=A1&buyer_user_id="))
                .hasValueSatisfying(m -> assertThat(m.signsFaithfully("buyer_user_id")).isFalse());
        assertThat(verify(body, null, "order_id,buyer_user_id",
                "timestamp=" + TS + "&order_id=A1&buyer_user_id=undefined")).isPresent();
        assertThat(verify(body, null, "order_id,buyer_user_id", "timestamp=" + TS + "&order_id=A1")).isPresent();
    }

    @Test
    void spacesAfterCommasAreSignedTrimmedOrAsSent() {
        String query = "fromdate=2026-01-01&todate=2026-01-31";

        assertThat(verify("", query, "fromdate, todate", "timestamp=" + TS + "&fromdate=2026-01-01&todate=2026-01-31"))
                .isPresent();
        assertThat(verify("", query, "fromdate, todate", "timestamp=" + TS + "&fromdate=2026-01-01& todate=2026-01-31"))
                .isPresent();
    }

    @Test
    void aLeadingTimestampTokenInSignedFieldsIsIgnored() {
        assertThat(verify("{\"order_id\":\"A1\"}", null, "timestamp,order_id", "timestamp=" + TS + "&order_id=A1"))
                .isPresent();
    }

    @Test
    void queryValuesVerifyWithPlusAsSpaceOrAsItself() {
        assertThat(verify("", "name=John+Doe", "name", "timestamp=" + TS + "&name=John Doe")).isPresent();
        assertThat(verify("", "name=A+B", "name", "timestamp=" + TS + "&name=A+B")).hasValueSatisfying(m ->
                assertThat(m.source().kind()).isEqualTo(SignedSource.Kind.QUERY_LITERAL_PLUS));
    }

    @Test
    void sourcesAreNeverMixed() {
        // order_id from the query and amount from the body: no single source holds both.
        assertThat(verify("{\"amount\":100}", "order_id=A1", "order_id,amount",
                "timestamp=" + TS + "&order_id=A1&amount=100")).isEmpty();
    }

    @Test
    void aTamperedValueAWrongSecretOrAMalformedDigestFail() {
        String body = "{\"order_id\":\"A1\",\"amount\":100}";
        String signed = "timestamp=" + TS + "&order_id=A1&amount=100";

        assertThat(verify("{\"order_id\":\"A1\",\"amount\":1000}", null, "order_id,amount", signed)).isEmpty();
        assertThat(DigestVerifier.verify(List.of("other-secret"), TS, "order_id,amount",
                DigestVerifier.sign(SECRET, signed), sources(body, null))).isEmpty();
        assertThat(DigestVerifier.verify(List.of(SECRET), TS, "order_id,amount", "not base64!!",
                sources(body, null))).isEmpty();
        assertThat(verify(body, null, "order_id,amount", signed.replace(TS, "2026-05-01T12:30:47+03:00"))).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("numbersBeyondEveryNumberType")
    void aNumberNoNumberTypeHoldsIsNoMatchUnderAWrongSecretAndMatchesAsWritten(String number) {
        String body = "{\"order_id\":\"A1\",\"x\":" + number + "}";
        String signed = "timestamp=" + TS + "&order_id=A1&x=" + number;

        assertThat(DigestVerifier.verify(List.of("other-secret"), TS, "order_id,x", DigestVerifier.sign(SECRET, signed),
                sources(body, null))).isEmpty();
        assertThat(verify(body, null, "order_id,x", signed)).hasValueSatisfying(m ->
                assertThat(m.profile()).isEqualTo(SigningProfile.LEXEME));
    }

    static List<String> numbersBeyondEveryNumberType() {
        return List.of("1e99999999999", "-1E99999999999", "1e-99999999999", "1e2147483647", "1e-2147483647", "2e400",
                "9".repeat(400), "0." + "1".repeat(400));
    }

    @Test
    void aReplacedSecretStillInItsGraceVerifies() {
        String body = "{\"order_id\":\"A1\"}";
        String digest = DigestVerifier.sign("old-secret", "timestamp=" + TS + "&order_id=A1");

        assertThat(DigestVerifier.verify(List.of(SECRET, "old-secret"), TS, "order_id", digest, sources(body, null)))
                .hasValueSatisfying(m -> assertThat(m.secretIndex()).isEqualTo(1));
    }

    @Test
    void latin1BodiesFromTheJavaClientAreReadAsLatin1() {
        byte[] latin1 = "{\"buyer_name\":\"José\"}".getBytes(StandardCharsets.ISO_8859_1);
        String signed = "timestamp=" + TS + "&buyer_name=José";

        assertThat(DigestVerifier.verify(List.of(SECRET), TS, "buyer_name", DigestVerifier.sign(SECRET, signed),
                CheckoutRequest.parse(latin1, null).sources())).isPresent();
    }

    // --- bounded work

    @ParameterizedTest(name = "{0}")
    @MethodSource("listsNoClientSends")
    void aSignedFieldsListNoClientSendsIsRefusedBeforeAnySigningStringIsBuilt(String what, String signedFields,
            String expected) {
        assertThat(DigestVerifier.problem(signedFields)).hasValueSatisfying(p -> assertThat(p).contains(expected));
        String body = "{\"order_id\":\"A1\"}";
        assertThat(DigestVerifier.verify(List.of(SECRET), TS, signedFields,
                DigestVerifier.sign(SECRET, "timestamp=" + TS + "&order_id=A1"), sources(body, null))).isEmpty();
    }

    static List<Object[]> listsNoClientSends() {
        StringBuilder distinct = new StringBuilder("order_id");
        for (int i = 0; i < DigestVerifier.MAX_NAMES; i++) {
            distinct.append(",field_").append(i);
        }
        return List.of(
                new Object[] {"3000 repeated names", ("order_id,").repeat(2999) + "order_id", "3000 names"},
                new Object[] {"101 distinct names", distinct.toString(), "at most 100"},
                new Object[] {"a name twice", "order_id,amount, order_id", "more than once"},
                new Object[] {"a name that is no field name", "order_id,amount=1&x", "not a field name"},
                new Object[] {"a name of 10 000 characters", "n".repeat(10_000), "not a field name"});
    }

    @Test
    void theListsClientsSendPassTheCheck() {
        for (String signedFields : List.of("vendor,order_id,amount,currency", "timestamp,order_id",
                "fromdate, todate", "id,gateway_buyer_uuid ", "billing.firstname,billing.email",
                "billing_firstname,transId", "items[0],order_id,", "")) {
            assertThat(DigestVerifier.problem(signedFields)).as(signedFields).isEmpty();
        }
    }

    @Test
    void theWorkOfTryingEveryReadingGrowsWithTheRequestNotWithTheNamesTimesTheValues() {
        // The largest request the body cap lets in: 100 signed fields, nested billing among them.
        StringBuilder body = new StringBuilder("{\"billing\":{\"firstname\":\"" + "b".repeat(4000) + "\"}");
        StringBuilder names = new StringBuilder("billing,billing.firstname");
        for (int i = 0; i < 98; i++) {
            body.append(",\"f").append(i).append("\":\"").append("v".repeat(600)).append('"');
            names.append(", f").append(i);
        }
        body.append('}');
        long[] work = {0, 0};

        DigestVerifier.candidates(TS, names.toString(), sources(body.toString(), null), candidate -> {
            work[0]++;
            work[1] += candidate.signingString().length();
            return false;
        });

        // Two readings of the names (trimmed and as sent) under each profile, each about as long as the body.
        long readings = 2L * SigningProfile.values().length;
        assertThat(work[0]).isLessThanOrEqualTo(readings);
        assertThat(work[1]).isLessThanOrEqualTo(readings * 2 * (body.length() + names.length()));
        System.out.printf("signing strings for a %d-byte body with 100 signed names: %d strings, %d characters%n",
                body.length(), work[0], work[1]);
    }

    /** The client's profile matched; its rendering of the nested billing does not count as signing it. */
    private static void assertBillingSignedLossily(Optional<DigestVerifier.Match> match, SigningProfile profile) {
        assertThat(match).hasValueSatisfying(m -> {
            assertThat(m.profile()).isEqualTo(profile);
            assertThat(m.signsFaithfully("billing")).isFalse();
            assertThat(m.signsFaithfully("order_id")).isTrue();
        });
    }

    private static Optional<DigestVerifier.Match> verify(String body, String query, String signedFields,
            String signingString) {
        return verify(body, query, signedFields, signingString, TS);
    }

    private static Optional<DigestVerifier.Match> verify(String body, String query, String signedFields,
            String signingString, String timestamp) {
        return DigestVerifier.verify(List.of(SECRET), timestamp, signedFields,
                DigestVerifier.sign(SECRET, signingString), sources(body, query));
    }

    private static List<SignedSource> sources(String body, String query) {
        return CheckoutRequest.parse(body.getBytes(StandardCharsets.UTF_8), query).sources();
    }
}
