package io.malipo.common;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apache.commons.validator.routines.EmailValidator;

/**
 * A deliverable-looking e-mail address: a local part, an @ and a domain with a known top-level
 * domain. Stricter than Bean Validation's {@code @Email}, which accepts {@code someone@localhost}.
 * Null is left to {@code @NotBlank}.
 */
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = EmailAddress.Check.class)
public @interface EmailAddress {

    String RULE = "must be an e-mail address such as payments@example.co.tz";

    String message() default RULE;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<EmailAddress, String> {

        /** Whether the text is an address by this rule (for code that validates by hand). */
        public static boolean valid(String value) {
            return EmailValidator.getInstance(false, true).isValid(value);
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || valid(value);
        }
    }
}
