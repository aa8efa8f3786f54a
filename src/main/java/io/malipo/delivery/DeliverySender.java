package io.malipo.delivery;

import io.malipo.common.PublicAddresses;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Posts one signed delivery to a merchant's URL, for routes/callbacks.yaml (which wraps it in
 * Camel's quick retries). A merchant's URL is untrusted input, so unlike the provider calls this
 * does not use a plain {@code http:} endpoint:
 * <ul>
 * <li>the host is resolved once, by {@link PublicAddresses}, and only its checked addresses are
 * connected to (no second lookup a rebinding DNS server could answer differently); redirects are
 * not followed;</li>
 * <li>the whole attempt, connect to last byte, has a deadline, after which it is cancelled, so a
 * receiver that drips a byte every few seconds cannot hold a sender;</li>
 * <li>at most {@value #MAX_ANSWER_BYTES} bytes of the answer are read (its status is what counts,
 * an excerpt is kept for the log), and a connection whose answer was longer is dropped rather
 * than drained, so a receiver streaming gigabytes costs nothing. A connection whose whole answer
 * was read is kept for the host's next delivery (unless the receiver asked to close it): a new
 * connection, and for HTTPS a new handshake, per callback is most of what sending one costs.</li>
 * </ul>
 * A non-2xx answer throws {@link HttpOperationFailedException}, as camel-http would; a target
 * that is not a public address sets {@link Dispatcher#REFUSED} instead, since retrying it would
 * change nothing.
 */
@Component("deliverySender")
public class DeliverySender implements DisposableBean {

    static final int MAX_ANSWER_BYTES = 4096;
    /** Property out: the start of the receiver's answer as text (empty when it sent none), for the delivery log. */
    static final String ANSWER = "malipoDeliveryAnswer";
    /** The headers the signers set; nothing else of the exchange leaves Malipo. */
    private static final List<String> SENT_HEADERS = List.of("Accept", "Authorization", "Digest-Method", "Digest",
            "Timestamp", "Signed-Fields", "webhook-id", "webhook-timestamp", "webhook-signature");

    private final CloseableHttpClient client;
    private final ScheduledExecutorService deadlines;
    private final Duration attemptTimeout;

    public DeliverySender(PublicAddresses addresses, DeliveryProperties properties) {
        this.attemptTimeout = properties.attemptTimeout();
        DnsResolver checked = new DnsResolver() {
            @Override
            public InetAddress[] resolve(String host) throws UnknownHostException {
                return addresses.resolve(host);
            }

            @Override
            public String resolveCanonicalHostname(String host) {
                return host;
            }
        };
        this.client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(checked)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(properties.connectTimeout()))
                                .setSocketTimeout(Timeout.of(properties.readTimeout()))
                                // A kept connection the receiver closed meanwhile is found out
                                // before it is used, not by failing an attempt.
                                .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                                .setTimeToLive(TimeValue.ofMinutes(1))
                                .build())
                        .setMaxConnTotal(500)
                        .setMaxConnPerRoute(50)
                        .build())
                .evictIdleConnections(TimeValue.ofSeconds(30))
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableContentCompression()
                .setUserAgent("Malipo")
                .build();
        this.deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "delivery-deadlines");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Property malipoDeliveryUrl, the signed headers and the body in; HTTP_RESPONSE_CODE out. */
    public void post(Exchange exchange) throws Exception {
        String url = exchange.getProperty(Dispatcher.URL, String.class);
        Message message = exchange.getMessage();
        HttpPost post = new HttpPost(url);
        for (String name : SENT_HEADERS) {
            String value = message.getHeader(name, String.class);
            if (value != null) {
                post.setHeader(name, value);
            }
        }
        byte[] body = message.getBody(byte[].class);
        post.setEntity(new ByteArrayEntity(body == null ? new byte[0] : body, ContentType.create("application/json")));
        exchange.removeProperty(ANSWER);
        AtomicBoolean expired = new AtomicBoolean();
        ScheduledFuture<?> deadline = deadlines.schedule(() -> {
            expired.set(true);
            post.cancel();
        }, attemptTimeout.toMillis(), TimeUnit.MILLISECONDS);
        try {
            ClassicHttpResponse response = client.executeOpen(null, post, null);
            int status = response.getCode();
            String reason = response.getReasonPhrase();
            String excerpt;
            boolean whole = false;
            try {
                HttpEntity entity = response.getEntity();
                InputStream in = entity == null ? null : entity.getContent();
                byte[] head = in == null ? new byte[0] : in.readNBytes(MAX_ANSWER_BYTES);
                excerpt = new String(head, StandardCharsets.UTF_8);
                // Fewer bytes than asked for: the answer ended, and closing the stream at its end
                // gives the connection back for reuse.
                whole = head.length < MAX_ANSWER_BYTES;
                if (whole && in != null) {
                    in.close();
                }
            } finally {
                if (!whole) {
                    // Not drained: the rest of a long answer is never read, the connection is dropped.
                    post.cancel();
                }
                closeQuietly(response);
            }
            message.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
            exchange.setProperty(ANSWER, excerpt);
            if (status < 200 || status > 299) {
                throw new HttpOperationFailedException(url, status, reason, null, null, excerpt);
            }
        } catch (PublicAddresses.Refused refused) {
            exchange.setProperty(Dispatcher.REFUSED, "the target is not a public internet address; Malipo sends only "
                    + "to public addresses");
        } catch (IOException failed) {
            if (expired.get()) {
                throw new DeliveryTimeoutException("no complete answer within " + attemptTimeout.toSeconds() + " s");
            }
            throw failed;
        } finally {
            deadline.cancel(false);
        }
    }

    private static void closeQuietly(ClassicHttpResponse response) {
        try {
            response.close();
        } catch (IOException alreadyCancelled) {
            // the exchange was cancelled on purpose; its connection is gone either way
        }
    }

    @Override
    public void destroy() throws IOException {
        deadlines.shutdownNow();
        client.close();
    }

    /** A receiver that did not answer in full within the attempt's deadline. */
    static final class DeliveryTimeoutException extends IOException {

        DeliveryTimeoutException(String message) {
            super(message);
        }
    }
}
