package io.malipo.channels.sandbox;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.filter.UrlHandlerFilter;

/**
 * Providers publish some paths with a trailing slash (Airtel's POST /merchant/v1/payments/) and
 * take them either way; the sandbox does too, as its routes are declared without one.
 */
@Configuration(proxyBeanMethods = false)
class SandboxPaths {

    @Bean
    FilterRegistrationBean<UrlHandlerFilter> sandboxTrailingSlash() {
        FilterRegistrationBean<UrlHandlerFilter> registration = new FilterRegistrationBean<>(
                UrlHandlerFilter.trailingSlashHandler("/sandbox/**").wrapRequest().build());
        registration.addUrlPatterns("/sandbox/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }
}
