package io.malipo.checkout;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The rules of the checkout API that operations may tune.
 *
 * @param timestampTolerance how far a request's Timestamp may be from now, either way
 * @param zone the zone of timestamps and dates that carry no offset, and of creation_date
 * @param maxAmount the currencies orders may be in, each with the largest amount accepted
 * @param maxAttempts payment attempts an order allows before it is REJECTED
 * @param defaultExpiry how long an order without {@code expiry} stays payable
 * @param maxExpiry the longest {@code expiry} accepted
 * @param listMaxDays the widest date range list-orders answers
 * @param listMaxOrders the most orders one list-orders answer holds
 * @param qrMerchantCity the city written into QR payloads
 * @param qrCountryCode the country written into QR payloads (ISO 3166 alpha-2)
 */
@ConfigurationProperties("malipo.checkout")
@Validated
public record CheckoutProperties(
        @NotNull @DefaultValue("5m") Duration timestampTolerance,
        @NotNull @DefaultValue("Africa/Dar_es_Salaam") ZoneId zone,
        @NotEmpty Map<String, BigDecimal> maxAmount,
        @Min(1) @Max(20) @DefaultValue("3") int maxAttempts,
        @NotNull @DefaultValue("24h") Duration defaultExpiry,
        @NotNull @DefaultValue("30d") Duration maxExpiry,
        @Min(1) @DefaultValue("366") int listMaxDays,
        @Min(1) @DefaultValue("1000") int listMaxOrders,
        @NotNull @DefaultValue("Dar es Salaam") String qrMerchantCity,
        @NotNull @DefaultValue("TZ") String qrCountryCode) {
}
