package io.malipo.common;

import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.openapi.OpenApiRestApiProcessorFactory;
import org.apache.camel.spi.RestApiProcessorFactory;
import org.apache.camel.spi.RestConfiguration;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.camel.support.service.ServiceSupport;
import org.springframework.stereotype.Component;

/**
 * Serves {@link RestSetup#OPENAPI_PATH} with Camel's own OpenAPI processor, made when the document
 * is first asked for instead of while Malipo starts. Camel's processor renders the whole document
 * (JSON and YAML, every request and answer type resolved to a schema) as it starts: about a
 * twentieth of the main thread's start-up work, for a document integrators fetch now and then.
 * Camel uses this factory because it is the only one in the registry.
 */
@Component
public class OpenApiOnFirstRequest implements RestApiProcessorFactory {

    private final RestApiProcessorFactory camelOpenApi = new OpenApiRestApiProcessorFactory();

    @Override
    public Processor createApiProcessor(CamelContext camelContext, String contextPath,
            RestConfiguration configuration, Map<String, Object> parameters) {
        return new Deferred(() -> camelOpenApi.createApiProcessor(camelContext, contextPath, configuration,
                parameters));
    }

    private interface Maker {
        Processor make() throws Exception;
    }

    /** Makes and starts the real processor on the first request; later requests reuse it. */
    private static final class Deferred extends ServiceSupport implements Processor {

        private final Maker maker;
        private volatile Processor made;

        Deferred(Maker maker) {
            this.maker = maker;
        }

        @Override
        public void process(Exchange exchange) throws Exception {
            Processor processor = made;
            if (processor == null) {
                processor = make();
            }
            processor.process(exchange);
        }

        private synchronized Processor make() throws Exception {
            if (made == null) {
                Processor processor = maker.make();
                ServiceHelper.startService(processor);
                made = processor;
            }
            return made;
        }

        @Override
        protected synchronized void doStop() {
            ServiceHelper.stopAndShutdownService(made);
            made = null;
        }
    }
}
