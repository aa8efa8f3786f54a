package io.malipo.dashboard;

import io.malipo.common.FormFields;
import io.malipo.common.HttpExchanges;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.boot.autoconfigure.security.SecurityProperties;
import org.springframework.boot.web.servlet.DelegatingFilterProxyRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRequestHandler;
import org.springframework.security.web.csrf.XorCsrfTokenRequestAttributeHandler;

/**
 * Spring Security for the dashboard, and for it only: its filter is registered for /dashboard/*,
 * so the APIs, the payment page and the sandbox never pass through it (their clients send what
 * its firewall would refuse, such as doubled slashes). Sessions live in HttpOnly SameSite
 * cookies; every change needs the session's CSRF token; signing in is the dashboard's own
 * two-step flow (DashboardSignInRoutes), which puts the signed-in member into the session.
 */
@Configuration
public class DashboardSecurity {

    static final String SIGN_IN = "/dashboard/sign-in";

    @Bean
    SecurityFilterChain dashboardFilterChain(HttpSecurity http) throws Exception {
        http.securityMatcher("/dashboard/**")
                .authorizeHttpRequests(paths -> paths
                        // Camel answers in an async dispatch after the route has run (a sign-out
                        // has ended the session by then): the request itself was already checked.
                        .dispatcherTypeMatchers(DispatcherType.ASYNC, DispatcherType.ERROR).permitAll()
                        .requestMatchers(SIGN_IN, SIGN_IN + "/code", "/dashboard/invitation/*",
                                "/dashboard/two-factor/**", "/dashboard/assets/**").permitAll()
                        .anyRequest().authenticated())
                .csrf(csrf -> csrf.csrfTokenRequestHandler(new FormBodyCsrfTokens()))
                .exceptionHandling(denied -> denied.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint(SIGN_IN)))
                .requestCache(cache -> cache.disable())
                .formLogin(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .headers(headers -> headers.frameOptions(frames -> frames.deny()));
        return http.build();
    }

    @Bean
    DelegatingFilterProxyRegistrationBean dashboardSecurityFilter() {
        DelegatingFilterProxyRegistrationBean registration =
                new DelegatingFilterProxyRegistrationBean("springSecurityFilterChain");
        registration.setUrlPatterns(List.of("/dashboard/*"));
        registration.setOrder(SecurityProperties.DEFAULT_FILTER_ORDER);
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        return registration;
    }

    /**
     * Reads the form's _csrf field from the raw body, which the edge filter has already taken
     * from the servlet (so the servlet's parameters are empty), then checks it as Spring Security does.
     */
    static final class FormBodyCsrfTokens implements CsrfTokenRequestHandler {

        private final XorCsrfTokenRequestAttributeHandler tokens = new XorCsrfTokenRequestAttributeHandler();

        FormBodyCsrfTokens() {
            // Not deferred: the token, and so the session, exist before the page is rendered,
            // which happens on Camel's thread, too late for the container to add a session cookie.
            tokens.setCsrfRequestAttributeName(null);
        }

        @Override
        public void handle(HttpServletRequest request, HttpServletResponse response, Supplier<CsrfToken> token) {
            tokens.handle(request, response, token);
        }

        @Override
        public String resolveCsrfTokenValue(HttpServletRequest request, CsrfToken token) {
            byte[] body = (byte[]) request.getAttribute(HttpExchanges.RAW_BODY);
            String field = body == null ? null : FormFields.of(body).get(token.getParameterName());
            return tokens.resolveCsrfTokenValue(new HttpServletRequestWrapper(request) {
                @Override
                public String getParameter(String name) {
                    return name.equals(token.getParameterName()) ? field : super.getParameter(name);
                }
            }, token);
        }
    }
}
