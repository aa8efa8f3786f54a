package io.malipo.merchant;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** A request for a checkout API key and secret; test mode unless {@code livemode} is true. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewCheckoutCredential(Boolean livemode) {

    public boolean live() {
        return Boolean.TRUE.equals(livemode);
    }
}
