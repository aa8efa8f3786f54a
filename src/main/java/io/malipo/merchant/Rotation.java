package io.malipo.merchant;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * How long the replaced secret keeps working after a rotation: 60 minutes unless told
 * otherwise, 0 to cut it off at once, at most a week.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Rotation(@Min(0) @Max(10080) Integer graceMinutes) {

    public static final int DEFAULT_GRACE_MINUTES = 60;

    public int grace() {
        return graceMinutes == null ? DEFAULT_GRACE_MINUTES : graceMinutes;
    }
}
