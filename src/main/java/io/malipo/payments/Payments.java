package io.malipo.payments;

import io.malipo.channels.Channel;
import io.malipo.channels.ChannelProperties.Provider;
import io.malipo.channels.ChannelProperties;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderDirectory;
import io.malipo.common.ApiException;
import io.malipo.common.RandomTokens;
import io.malipo.common.Times;
import io.malipo.ledger.Fees;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** Planning payments and preparing the canonical request a connector sends. */
@Component
public class Payments {

    private final ProviderDirectory providers;
    private final ChannelProperties properties;
    private final Clock clock;
    private final Fees fees;
    private final ObjectProvider<CamelContext> camel;

    public Payments(ProviderDirectory providers, ChannelProperties properties, Clock clock, Fees fees,
            ObjectProvider<CamelContext> camel) {
        this.providers = providers;
        this.properties = properties;
        this.clock = clock;
        this.fees = fees;
        this.camel = camel;
    }

    /**
     * Checks a payment can go out (a provider serves the number or card, in this currency and
     * mode) before anything is written, and names it.
     */
    public PaymentPlan plan(NewPayment payment) {
        String code = payment.channel() == Channel.CARD || payment.channel() == Channel.MASTERPASS
                ? providers.cardProcessor()
                : walletProvider(payment.provider(), payment.msisdn(), "");
        check(code, payment.currency(), payment.livemode(), "collects");
        return new PaymentPlan(UUID.randomUUID(), "MLP" + RandomTokens.crockford(16), code, payment);
    }

    /**
     * The mobile-money provider of a payment or payout: the one named, or the one serving the
     * number. Numbers move between networks, so a provider the merchant names is taken at its word.
     *
     * @param why what to add when the provider named is no wallet provider
     */
    String walletProvider(String named, String msisdn, String why) {
        if (named != null) {
            providers.find(named).filter(p -> p.channel() == Channel.WALLET_PULL)
                    .orElseThrow(() -> ApiException.invalid("provider", "is not a mobile-money provider Malipo knows"
                            + why));
            return named;
        }
        return providers.walletProviderFor(msisdn).orElseThrow(() -> ApiException.invalid("msisdn",
                "no mobile-money provider Malipo works with serves this number"));
    }

    /**
     * The provider's connector has a payout route: a provider whose API Malipo speaks without one
     * (see its file in routes/providers) is refused before anything is booked, as the card
     * processor is. Asked of the running routes, since route files reload while Malipo runs.
     */
    void requirePayouts(String code) {
        Provider provider = providers.get(code);
        if (camel.getObject().getRoute("connector-" + provider.connector() + "-payout") == null) {
            throw ApiException.badRequest("payouts_not_supported", provider.name() + " takes no payouts through "
                    + "Malipo: its API as Malipo speaks it has no disbursement. Pay this number out through a "
                    + "provider that does, or contact Malipo.");
        }
    }

    /** The provider carries this currency and is configured for this mode; {@code verb} says what it does with it. */
    void check(String code, String currency, boolean livemode, String verb) {
        Provider provider = providers.get(code);
        if (!provider.currencies().contains(currency)) {
            throw ApiException.badRequest("currency_not_supported", provider.name() + " " + verb + " "
                    + String.join(", ", provider.currencies()) + " only, not " + currency + ".");
        }
        providers.baseUrl(code, livemode);
    }

    /**
     * The fee of a movement before it is made: the provider is the one named, or the card
     * processor for CARD, or the one serving the msisdn, exactly as a real payment would pick it.
     */
    public FeeQuote quote(Map<?, ?> request) {
        String kind = (String) request.get("kind");
        BigDecimal amount = (BigDecimal) request.get("amount");
        String currency = (String) request.get("currency");
        String named = (String) request.get("provider");
        String msisdn = (String) request.get("msisdn");
        Channel channel = request.get("channel") == null ? null : Channel.valueOf((String) request.get("channel"));
        String code;
        if (named != null) {
            code = providers.find(named).map(p -> named)
                    .orElseThrow(() -> ApiException.invalid("provider", "is not a provider Malipo knows; GET "
                            + "/api/v1/providers lists them"));
        } else if (channel == Channel.CARD) {
            code = providers.cardProcessor();
        } else if (msisdn != null) {
            code = providers.walletProviderFor(msisdn).orElseThrow(() -> ApiException.invalid("msisdn",
                    "no mobile-money provider Malipo works with serves this number"));
        } else {
            throw ApiException.invalid("msisdn", "give the payer's or payee's msisdn, a provider, or channel CARD");
        }
        Provider provider = providers.get(code);
        if ("PAYOUT".equals(kind) && provider.channel() != Channel.WALLET_PULL) {
            throw ApiException.invalid("provider", "payouts go to mobile wallets only");
        }
        if ("PAYOUT".equals(kind)) {
            requirePayouts(code);
        }
        if (!provider.currencies().contains(currency)) {
            throw ApiException.badRequest("currency_not_supported", provider.name() + " carries "
                    + String.join(", ", provider.currencies()) + " only, not " + currency + ".");
        }
        String feeChannel = "PAYOUT".equals(kind) ? null : provider.channel().name();
        return new FeeQuote(kind, amount, fees.fee(kind, currency, feeChannel, code, amount), currency, code,
                provider.channel().name());
    }

    /** The row of a new payment in flight: it is asked about if the provider stays quiet. */
    public Map<String, Object> row(PaymentPlan plan) {
        NewPayment p = plan.payment();
        OffsetDateTime now = now();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", plan.paymentId());
        row.put("merchantId", p.merchantId());
        row.put("livemode", p.livemode());
        row.put("orderUuid", p.orderUuid());
        row.put("channel", p.channel().name());
        row.put("provider", plan.provider());
        row.put("amount", p.amount());
        row.put("currency", p.currency());
        row.put("msisdn", p.msisdn());
        row.put("cardToken", p.cardToken());
        row.put("transid", p.transid());
        row.put("merchantReference", p.merchantReference());
        row.put("description", p.description());
        row.put("reference", plan.reference());
        row.put("providerRef", null);
        row.put("status", PaymentStatus.PENDING.name());
        row.put("nextCheckAt", now.plus(properties.reconcileAfter()));
        row.put("now", now);
        return row;
    }

    /** Sets the canonical request properties a connector reads, from what is stored of a payment, payout or reversal. */
    public void request(Exchange exchange, ProviderRequest request) {
        String code = request.provider();
        boolean livemode = request.livemode();
        exchange.setProperty(PaymentProperties.PAYMENT_ID, request.id());
        exchange.setProperty(PaymentProperties.REFERENCE, request.reference());
        exchange.setProperty(PaymentProperties.CHANNEL, request.channel());
        exchange.setProperty(PaymentProperties.PROVIDER, code);
        exchange.setProperty(PaymentProperties.LIVEMODE, livemode);
        exchange.setProperty(PaymentProperties.CONNECTOR, providers.get(code).connector());
        exchange.setProperty(PaymentProperties.PROVIDER_URL, providers.baseUrl(code, livemode));
        exchange.setProperty(PaymentProperties.PROVIDER_API_KEY, providers.apiKey(code, livemode));
        exchange.setProperty(PaymentProperties.PROVIDER_CREDENTIALS, providers.credentials(code, livemode));
        exchange.setProperty(PaymentProperties.NOTIFY_URL, providers.notifyUrl(code, livemode));
        exchange.setProperty(PaymentProperties.AMOUNT, request.amount());
        exchange.setProperty(PaymentProperties.CURRENCY, request.currency());
        exchange.setProperty(PaymentProperties.MSISDN, request.msisdn());
        exchange.setProperty(PaymentProperties.CARD_TOKEN, request.cardToken());
        exchange.setProperty(PaymentProperties.PROVIDER_REF, request.providerRef());
    }

    public OffsetDateTime now() {
        return Times.now(clock);
    }
}
