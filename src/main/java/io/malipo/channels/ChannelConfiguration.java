package io.malipo.channels;

import org.apache.camel.builder.RouteConfigurationBuilder;
import org.apache.camel.component.http.HttpComponent;
import org.apache.camel.spi.ComponentCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/**
 * What the route files of routes/ opt into: {@code channel-errors}, under which a failure
 * inside a channel or connector route goes back to the Malipo route that called it (which
 * knows whether the payment is in flight), and the HTTP timeouts towards providers.
 */
@Component
public class ChannelConfiguration extends RouteConfigurationBuilder {

    public static final String CHANNEL_ERRORS = "channel-errors";

    @Override
    public void configuration() {
        routeConfiguration(CHANNEL_ERRORS).errorHandler(noErrorHandler());
    }

    @Bean
    static ComponentCustomizer providerHttpTimeouts(ChannelProperties properties) {
        return ComponentCustomizer.builder(HttpComponent.class).build(http -> {
            http.setConnectTimeout(properties.connectTimeout().toMillis());
            http.setConnectionRequestTimeout(properties.connectTimeout().toMillis());
            http.setResponseTimeout(properties.responseTimeout().toMillis());
            http.setSoTimeout(properties.responseTimeout().toMillis());
        });
    }
}
