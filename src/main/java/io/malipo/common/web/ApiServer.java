package io.malipo.common.web;

import io.malipo.common.ErrorResponses;
import io.malipo.common.MalipoProperties;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.Router;
import io.vertx.httpproxy.HttpProxy;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyResponse;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.camel.CamelContext;
import org.apache.camel.component.platform.http.HttpEndpointModel;
import org.apache.camel.component.platform.http.PlatformHttpComponent;
import org.apache.camel.component.platform.http.PlatformHttpListener;
import org.apache.camel.component.platform.http.springboot.CamelRequestHandlerMapping;
import org.apache.camel.component.platform.http.springboot.SpringBootPlatformHttpConsumer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpRouter;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.server.ConfigurableServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The checkout and token APIs on a listener of their own: Camel's platform-http on Vert.x holds
 * the public port and serves every API operation itself, with no servlet filters, no Spring MVC
 * dispatch and no thread hand-over between the socket and the route. Every other path (pages,
 * dashboard, admin API, actuator, sandbox) it hands unchanged to the servlet container, which then
 * listens on the loopback interface only. Clients, base URLs and the Docker image see one port as
 * before.
 *
 * <p>On with {@code malipo.http.api-server.engine=vertx}; with {@code servlet} the servlet
 * container holds the public port and serves everything, as it did before this listener existed.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = ApiServer.ENGINE_PROPERTY, havingValue = "vertx")
public class ApiServer {

    public static final String ENGINE_PROPERTY = "malipo.http.api-server.engine";
    /** The name the operations' consumers look the listener's router up by. */
    static final String ROUTER = "malipo-api-listener";
    private static final Logger LOG = LoggerFactory.getLogger(ApiServer.class);

    /** Vert.x for the API listener and its client to the servlet container; closed after Camel stops. */
    @Bean(destroyMethod = "close")
    Vertx apiVertx(@Value("${malipo.http.api-server.threads:64}") int threads) {
        // The worker threads run the API routes, which block on the database (and, in test mode,
        // on the sandbox), as the servlet container's threads did.
        return Vertx.vertx(new VertxOptions().setWorkerPoolSize(threads));
    }

    /** The servlet container gives up the public port and listens on loopback, on any free port. */
    @Bean
    WebServerFactoryCustomizer<ConfigurableServletWebServerFactory> servletBehindApiListener(Ports ports,
            Environment environment) {
        for (String tls : List.of("server.ssl.key-store", "server.ssl.bundle", "server.ssl.certificate")) {
            if (environment.containsProperty(tls)) {
                // TLS configured for the servlet container would then guard only its loopback port.
                throw new IllegalStateException("The API listener (" + ENGINE_PROPERTY + "=vertx) does not do TLS, and "
                        + tls + " is set: terminate TLS in front of Malipo, or set " + ENGINE_PROPERTY + "=servlet.");
            }
        }
        ports.apiListenerConfigured();
        return new WebServerFactoryCustomizer<>() {
            @Override
            public void customize(ConfigurableServletWebServerFactory factory) {
                factory.setPort(0);
                factory.setAddress(InetAddress.getLoopbackAddress());
            }
        };
    }

    @Bean
    CamelContextConfiguration apiListener(Vertx apiVertx, Ports ports, FrontDoor frontDoor, ErrorResponses errors,
            List<PathRewrite> rewrites, ApplicationAvailability availability, MalipoProperties properties,
            ObjectProvider<CamelRequestHandlerMapping> servletMapping,
            @Value("${server.port:8080}") int port, @Value("${server.address:0.0.0.0}") String address) {
        int maxBodyBytes = Math.toIntExact(properties.http().maxBodySize().toBytes());
        ApiEdge edge = new ApiEdge(errors, rewrites, availability, maxBodyBytes);
        HttpProxy toServlet = servletProxy(apiVertx, ports, frontDoor);
        return new CamelContextConfiguration() {
            @Override
            public void beforeApplicationStart(CamelContext context) {
                servletMapping.ifAvailable(mapping -> servletOnly(context, mapping));
                Router router = Router.router(apiVertx);
                edge.install(router, toServlet, () -> ports.servlet() != 0);
                // Where the operations' consumers (HttpEngine) add their routes as Camel starts them;
                // until they have, the edge answers their paths 503.
                context.getRegistry().bind(ROUTER, new VertxPlatformHttpRouter(null, apiVertx, router, ROUTER));
                // HTTP/1.1 only, as the servlet container spoke: no upgrade to cleartext HTTP/2.
                // Request lines as long as the container's headers limit (8 KB) allows.
                HttpServerOptions options = new HttpServerOptions().setHttp2ClearTextEnabled(false)
                        .setMaxInitialLineLength(8192).setIdleTimeout(60).setTcpNoDelay(true);
                try {
                    HttpServer server = apiVertx.createHttpServer(options).requestHandler(router)
                            .invalidRequestHandler(request -> edge.unreadable(request, 400))
                            .listen(port, address).toCompletionStage().toCompletableFuture().get();
                    ports.apiListenerBound(server.actualPort());
                    LOG.info("API listener on {}:{}; other paths go to the servlet container on loopback", address,
                            server.actualPort());
                } catch (ExecutionException e) {
                    throw new IllegalStateException("The API listener cannot listen on " + address + ":" + port + ": "
                            + e.getCause().getMessage(), e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while the API listener started", e);
                }
            }

            @Override
            public void afterApplicationStart(CamelContext context) {
            }
        };
    }

    /**
     * Spring MVC's mapping of platform-http endpoints learns of every endpoint; it can map only
     * those the servlet container serves (and logs a failure for each of the others).
     */
    private static void servletOnly(CamelContext context, CamelRequestHandlerMapping mapping) {
        PlatformHttpComponent component = context.getComponent("platform-http", PlatformHttpComponent.class);
        component.removePlatformHttpListener(mapping);
        component.addPlatformHttpListener(new PlatformHttpListener() {
            @Override
            public void registerHttpEndpoint(HttpEndpointModel model) {
                if (model.getConsumer() instanceof SpringBootPlatformHttpConsumer) {
                    mapping.registerHttpEndpoint(model);
                }
            }

            @Override
            public void unregisterHttpEndpoint(HttpEndpointModel model) {
                if (model.getConsumer() instanceof SpringBootPlatformHttpConsumer) {
                    mapping.unregisterHttpEndpoint(model);
                }
            }
        });
    }

    /**
     * Passes a request on to the servlet container as it came, with the same Host, and with the
     * socket's peer for the container to take as the client (see {@link FrontDoor}).
     */
    private static HttpProxy servletProxy(Vertx vertx, Ports ports, FrontDoor frontDoor) {
        // Idle connections are dropped well before the container's own keep-alive timeout (20 s), so
        // that a request is never sent on a connection the container is closing.
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setIdleTimeout(10),
                new PoolOptions().setHttp1MaxSize(64));
        HttpProxy proxy = HttpProxy.reverseProxy(client);
        proxy.originSelector(request -> {
            int servlet = ports.servlet();
            return servlet == 0
                    ? Future.failedFuture("the servlet container is not listening yet")
                    : Future.succeededFuture(SocketAddress.inetSocketAddress(servlet, "127.0.0.1"));
        });
        proxy.addInterceptor(new ProxyInterceptor() {
            @Override
            public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
                var request = context.request();
                var received = request.proxiedRequest();
                if (received.authority() != null) {
                    request.setAuthority(received.authority());
                }
                request.headers().remove(FrontDoor.KEY_HEADER);
                request.headers().remove(FrontDoor.PEER_HEADER);
                request.putHeader(FrontDoor.KEY_HEADER, frontDoor.key());
                request.putHeader(FrontDoor.PEER_HEADER, received.remoteAddress().hostAddress());
                return context.sendRequest();
            }
        });
        return proxy;
    }
}
