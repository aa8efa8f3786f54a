package io.malipo.ledger;

import io.malipo.ledger.FeeProperties.Rule;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Comparator;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** The fee of a movement: one function for settlement and for fee previews alike. */
@Component
public class Fees {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final FeeProperties properties;

    public Fees(FeeProperties properties) {
        this.properties = properties;
    }

    /** Rounded half up to cents, never more than the amount; zero when no rule covers the movement. */
    public BigDecimal fee(String kind, String currency, String channel, String provider, BigDecimal amount) {
        Optional<Rule> rule = properties.fees().stream()
                .filter(r -> r.kind().equals(kind) && r.currency().equals(currency))
                .filter(r -> blank(r.channel()) || r.channel().equals(channel))
                .filter(r -> blank(r.provider()) || r.provider().equals(provider))
                .max(Comparator.comparingInt(r -> (blank(r.provider()) ? 0 : 2) + (blank(r.channel()) ? 0 : 1)));
        if (rule.isEmpty()) {
            return BigDecimal.ZERO.setScale(2);
        }
        Rule r = rule.get();
        BigDecimal fee = amount.multiply(r.percent()).divide(HUNDRED, 2, RoundingMode.HALF_UP).add(r.fixed());
        if (r.min() != null && fee.compareTo(r.min()) < 0) {
            fee = r.min();
        }
        if (r.max() != null && fee.compareTo(r.max()) > 0) {
            fee = r.max();
        }
        return fee.min(amount).setScale(2, RoundingMode.HALF_UP);
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
